package trust

import (
	"strings"
	"testing"
)

// TestSession20Credentials checks the credential classes batch 19
// showed, on code and configuration of our own: a password among the
// arguments of an authenticating call in any language, a client built
// from one random literal, a key labelled in a pair, a pre-shared key
// directive, a script answering a password prompt, a secrets file's
// user:secret lines, a Thai copula. Each has a twin that must stay.
func TestSession20Credentials(t *testing.T) {
	secret := map[string]string{
		`ftp = FTP("files.example.org"); ftp.login("mirror", "Jq4!rTz8Lm2w")`:                                        "Jq4!rTz8Lm2w",
		`conn.simple_bind_s("cn=admin,dc=example,dc=org", "Xw7#Kd2pQz9")`:                                            "Xw7#Kd2pQz9",
		"$db = mysqli_connect(\n  'db.internal', 'app',\n  'Mt5#Wq8zLr3');":                                          "Mt5#Wq8zLr3",
		`session.auth = HTTPDigestAuth("svc", "Bn6^Lp9xQw2")`:                                                        "Bn6^Lp9xQw2",
		`const mg = new Mailgun("key-8f3c2b1a9e7d6c5b4a3f2e1d0c9b8a7f6e")`:                                           "key-8f3c2b1a9e7d6c5b4a3f2e1d0c9b8a7f6e",
		`socket = io(url, { transports: ["websocket"] }); ws = new WebSocket(u, ["bearer", "Kx9Lm2Qw7Zt4Vn8Bc3Pr"])`: "Kx9Lm2Qw7Zt4Vn8Bc3Pr",
		"/etc/hostapd/hostapd.conf:\nssid=lab\nwpa_psk=correct-horse-staple-9":                                       "correct-horse-staple-9",
		"network={\n  ssid=\"guest\"\n  psk=\"Lr8Qw3zXm2\"\n}":                                                       "Lr8Qw3zXm2",
		"/etc/ipsec.secrets:\n%any 10.1.2.3 : PSK \"Zq7Wm2Lx9Kt\"":                                                   "Zq7Wm2Lx9Kt",
		"spawn sftp ops@files\nexpect \"*assword*\" { send \"Hp3!kLq8Zw\\r\" }":                                      "Hp3!kLq8Zw",
		"child.expect('Password:')\nchild.sendline('Tz5%mQw8Lp')":                                                    "Tz5%mQw8Lp",
		"askpass.sh:\ncase \"$1\" in\n  *assword*) printf '%s' 'Vb4!Lq9Wz2Kx' ;;\nesac":                              "Vb4!Lq9Wz2Kx",
		"/etc/ppp/chap-secrets (on the gateway):\nvpnuser:Rw8kTq3Lm9z\n":                                             "Rw8kTq3Lm9z",
		"รหัสผ่านเราเตอร์คือ Pk7#Wq2Lz9 ครับ":                                                                        "Pk7#Wq2Lz9",
	}
	for text, s := range secret {
		out, _ := Redact(text)
		if strings.Contains(out, s[:8]) {
			t.Errorf("Redact(%q) = %q; left the secret", text, out)
		}
	}
	kept := []string{
		`ftp.login("mirror", password)`,
		`conn = psycopg2.connect(host="db.internal", user="report_ro", dbname="reports")`,
		`const k = new Kafka("my-cluster-bootstrap-01"); const g = new Guid("26647ead-3e3b-4297-a528-b1e6cdedcd21")`,
		`const id = new ObjectId("507f1f77bcf86cd799439011"); const u = new URL("https://example.com/a/b")`,
		`headers = [("Content-Type", "application/json")]`,
		"key_mgmt=WPA-PSK",
		"expect \"password:\"\nsend \"$env(PW)\\r\"",
		"/etc/passwd on web-01:\nroot:x:0:0:root:/root:/bin/bash",
		"the secrets file (rsyncd.secrets):\nbackup:$RSYNC_PASSWORD",
		"smtp.PlainAuth(\"\", cfg.User, cfg.Password, cfg.Host)",
		`DriverManager.getConnection(url, "report_ro", System.getenv("PGPASS"))`,
	}
	for _, text := range kept {
		if out, rules := Redact(text); out != text {
			t.Errorf("Redact(%q) = %q (%v); want it kept", text, out, rules)
		}
	}
}
