package trust

import "testing"

// TestGenericCredentials: the forms no format names (secrets_generic.go)
// redact the secret, and the look-alikes beside them stay as written.
func TestGenericCredentials(t *testing.T) {
	checkRedactions(t, map[string]string{
		// A secret's word, any words, then a long random value.
		"The signing key we got from the vendor after the call on Monday is Qm7vT2kx9LpR4sW8nZ3bY6c, keep it out of chat.": "Qm7vT2kx9LpR4sW8nZ3bY6c",
		"Token for the staging runner (rotated by Ana, valid until March): 9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c":               "9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c",
		"La API key del proyecto para el entorno de pruebas quedó en w8Kp2Lr5Tq9Zx3Vn7Bm4Hc1.":                             "w8Kp2Lr5Tq9Zx3Vn7Bm4Hc1",
		// A password's word in a dialect's spelling.
		"Dat Passwuurd för de Wiki is Rk4-vN9qTz2 bit Freedag.": "Rk4-vN9qTz2",
		// A declared variable named for a secret, with a literal.
		"       01  WS-API-TOKEN        PIC X(16) VALUE 'Hq3Zk8Lw2Rt5Np7Y'.": "Hq3Zk8Lw2Rt5Np7Y",
		"DECLARE @svc_password NVARCHAR(32) DEFAULT 'p4ss-Wr0d-2291';":       "p4ss-Wr0d-2291",
		// A database login after "using", and a BTEQ logon.
		"$ db2 connect to PAYROLL user etl01 using Xv9kq2Lm8": "Xv9kq2Lm8",
		".LOGON dwprod/loader,Lq7Tz3Wk9p;":                    "Lq7Tz3Wk9p",
		// No word names it: a random word alone.
		"network={\n    ssid=\"Lobby\"\n    psk=\"Wq7^mZ2-kLp9Rt#x\"\n}":           "Wq7^mZ2-kLp9Rt#x",
		"spawn ssh admin@sw-02\nexpect \"Password:\"\nsend \"Hn4_tQ8x!Zr2Lw\\r\"":  "Hn4_tQ8x!Zr2Lw",
		"Mwongozo: akaunti ya majaribio inatumia Pz8kR2mWq5Tn hadi Ijumaa.":        "Pz8kR2mWq5Tn",
		`{"endpoint": "https://api.example.org", "value": "bX9kQ2vR7tLm4ZpW8sNc"}`: "bX9kQ2vR7tLm4ZpW8sNc",
		"Jdni2Ka=b4fE@Hq9! is the kiosk's login, do not share.":                    "Jdni2Ka=b4fE@Hq9!",
		"echo -n '%^k2Lq9!Rm4@Tz7w' | systemd-creds encrypt --name=db - db.cred":   "%^k2Lq9!Rm4@Tz7w",
		"bob:{PLAIN}Tq8mRz2LkW4pNx7v:1001:1001::/home/bob":                         "Tq8mRz2LkW4pNx7v",
		// Prefixed keys: a vendor and an environment, or a vendor and a
		// long random tail.
		"$ npx acme-cli export acme_live_4f9e2c7a1b3d5e6f8a0b2c4d6e8f0a1b --since 2026-11-01": "acme_live_4f9e2c7a1b3d5e6f8a0b2c4d6e8f0a1b",
		`var fallback = "zeta_9c2e4a6b8d0f1e3a5c7b9d2f4a6c8e0b1d3f5a7c"`:                      "zeta_9c2e4a6b8d0f1e3a5c7b9d2f4a6c8e0b1d3f5a7c",
		// IRC services; a password told with no copula, in a dialect.
		"[10:02] /msg NickServ IDENTIFY lemoncurd7tea":                               "lemoncurd7tea",
		"Dat Passwoord för den Drucker vun hüüt af Snieflock2026, nich wiedergeven.": "Snieflock2026",
		// Any language's password word, the value last in its clause.
		"Hasło do drukarki w biurze od dziś Żubr-Kawa-31, nie podawaj go dalej.":   "Żubr-Kawa-31",
		"La paròla segreta dël wiki adess a l'é Gianduja-Pan-58; a cambia vënner.": "Gianduja-Pan-58",
		// A secret found once goes everywhere; a token a rule took part of
		// goes whole.
		"qpdf --encrypt Lantern-Cove-4 Lantern-Cove-4 256 -- in.pdf out.pdf":                       "Lantern-Cove-4",
		`$env.API_KEY = "secret_node-pool_8e2c4a6b8d0f1e3a5c7b9d2f4a6c8e0b.Qw7zLm2Rk9Tp4Xv8Ns3Bq"`: "secret_node-pool_8e2c4a6b8d0f1e3a5c7b9d2f4a6c8e0b.Qw7zLm2Rk9Tp4Xv8Ns3Bq",
		// Prefixed keys: 24 or more after the prefix, base64 too; an
		// environment segment after a dot.
		`notify.New("https://ntfy.example.net", "tk_q8zm2kx7r4wv9tn3bj6hc1ys5d", "builds")`: "tk_q8zm2kx7r4wv9tn3bj6hc1ys5d",
		`ik: { pv: "private_Xk9LmQ2vR7tZ4pW8sNc3/bHq5Ty=" }`:                                "private_Xk9LmQ2vR7tZ4pW8sNc3/bHq5Ty=",
		"10:42 From Dana to Me:\n\tapi_live.Qm3kZ8Lw2Rx.Tp9vN4bH7cJ2kW6qR1sM5xY8zA3":        "api_live.Qm3kZ8Lw2Rx.Tp9vN4bH7cJ2kW6qR1sM5xY8zA3",
	}, []string{
		// A commit's hash beside a token's word; a UUID; a path.
		"The token refresh fix landed in 3f9a2c1e4b5d6f7a8b9c0d1e2f3a4b5c6d7e8f90 on main.",
		"The API key row for tenant 123e4567-e89b-12d3-a456-426614174000 was deleted.",
		"The deploy key lives at /etc/cortex/keys/deploy_ed25519_prod_2026 on the runner.",
		// Words, not a value; a password told as a policy.
		"Passwoord-Regel: mindestens zwölf Zeichen, kein Wort aus dem Wörterbuch.",
		"       01  WS-DB-PASSWORD      PIC X(12) VALUE SPACES.",
		"$ db2 connect to PAYROLL user etl01 using $DB2_PASSWORD",
		"We connect as the replica user using SSO; no password is stored.",
		// Names of code, files, advisories, ids; encodings of text;
		// digests and fingerprints.
		"debug.SetMemoryLimit(math.MaxInt64) and utf8.RuneError stay; see MaxLineBytes*2+64*1024.",
		"Attach MSA_Cortex_Acme_v4.docx and the .merge_file_Ab12Cd left in the root; Code-Review+2 needed.",
		"OSV advisory GHSA-7xq2-m9c3-v4pw and CVE-2026-12345 are fixed in v2.14.1.",
		"Base64 of 'hello world' is aGVsbG8gd29ybGQ= and the JWT header eyJhbGciOiJIUzI1NiJ9.",
		"The host key fingerprint is SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s on the bastion.",
		"Pool: MaxConnLifetime=30m, MaxConns=40; request 7f3e9a2b-4c1d-4e8f-9a2b-3c4d5e6f7a8b.",
		"See https://docs.example.org/a/Xk29Lm3Qp8Rt/guide and [t](a.md#My%20Heading).",
		// Ids told as ids; short prefixed ids; names and measures after a
		// password's word.
		"Support saw request id req_Hb4kQ9zLm2Wx7Tp3Rv8Ns5Yc returning 502 from the edge.",
		"Stripe event evt_Zk3Lq8Wm2Rt9Xp4Nv7Bs1Hc (invoice.paid) arrived twice; the handler is idempotent.",
		"Customer cus_R8a1Xk29Lm3Q was refunded; see order ord_7Hk2Lm9Qz4Wp.",
		"The service stores passwords hashed with argon2id; plaintext is never logged.",
		"The .env.example has DB_PASSWORD=changeme as a placeholder; real values are in 1Password.",
		"An application password is six 4-character groups separated by spaces.",
		"[10:02] /msg NickServ IDENTIFY <password>",
		// A key by name that names an identifier.
		"The Figma file key is oZzmROa7Onvl1d10yma0cw, the board is linked from the wiki.",
		"The partition key is tenant_9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c1b3d for the orders table.",
		// Base58 of text is text.
		"Puzzle answer: the Base58 string 2NEpo7TZRRrLZSi2U decodes to \"Hello World!\".",
		// A password's word, then a version or a name with a digit.
		"The password manager moved to version 8.4.2-beta1, see the changelog.",
	})
}

// TestSignedWordsAndSiblings: a made-up password of words and digits
// joined by a sign is redacted whatever language names it, and a random
// quoted argument beside a redacted one in the same call is its pair;
// anchors, counts, hex literals, escapes, addresses and a digest in a
// call holding no secret are kept.
func TestSignedWordsAndSiblings(t *testing.T) {
	checkRedactions(t, map[string]string{
		"Das WLAN im neuen Büro: Harbor58!quill, bitte nicht weitergeben.":                     "Harbor58!quill",
		"ldappasswd -x -D 'cn=admin,dc=example' -W -s 'Maple#maple2207?' 'uid=ana,dc=example'": "Maple#maple2207?",
		"Wi-Fi paswod long ofis i Coral$4471lagoon.":                                           "Coral$4471lagoon",
		`c := sms.NewClient("[REDACTED]", "9f3b2c7d1e8a4f60b5c2d9e7a1f3c8b4", region)`:         "9f3b2c7d1e8a4f60b5c2d9e7a1f3c8b4",
	}, []string{
		"Fixed in observe#1 and sync#10004; see issue#4471 for the rest.",
		"The mask is size&0x0f and the flag v&uint32.",
		"Send it to ops@example.com or request@2.88 — not a password.",
		`h := sha256Of("9f3b2c7d1e8a4f60b5c2d9e7a1f3c8b4", data)`,
		`label := "\u00a0#localhost"`,
		"Happy 2026! The team offsite is on the 14th.",
	})
}

// TestSession23Credentials: a marketplace token after vsce's -p, a
// password piped to sshfs's password_stdin, a notification URL's token, a
// key among an API client's constructor arguments are redacted; a payment
// platform's object ids and a public key are kept.
func TestSession23Credentials(t *testing.T) {
	checkRedactions(t, map[string]string{
		"npx vsce publish --pat 7c1e9a0b4d2f4e8a9b3c6d5e1f0a2b4c":                                        "7c1e9a0b4d2f4e8a9b3c6d5e1f0a2b4c",
		"echo 'granite%7781' | sshfs ops@nas.lan:/data ~/data -o password_stdin":                         "granite%7781",
		`apprise -b "done" gotifys://notify.home.lan/Qx7bV2mN9kR4tZ1`:                                    "Qx7bV2mN9kR4tZ1",
		`gl = gitlab.api("https://git.acme.lan", "4e2b9c1d7a3f8e6b0c5d2a9f1e7b3c8d4a6f0e2b")`:            "4e2b9c1d7a3f8e6b0c5d2a9f1e7b3c8d4a6f0e2b",
		`$client = new Acme($appId, $region, 'b3f1c9e2a7d4f8b0c6e1a9d3f7b2c5e8');`:                       "b3f1c9e2a7d4f8b0c6e1a9d3f7b2c5e8",
		`const t = new EventClient("4be1a93c07d52e6f18a0", "9e31c0b7a4f2d8e6c5b1", { region: "eu" });`:   "9e31c0b7a4f2d8e6c5b1",
		`const c = Chat.getInstance("k2m9x", "q8w3e7r1t5y9u2i6o4p0a8s3d7f1g5h9j2k6l4z8x3c7v1b5n9");`:     "q8w3e7r1t5y9u2i6o4p0a8s3d7f1g5h9j2k6l4z8x3c7v1b5n9",
		"java -jar jenkins-cli.jar -s https://ci.acme.lan/ -auth 'admin:Quill%harbor4471?' safe-restart": "Quill%harbor4471?",
		"curl -s -u 4f7a0c9e2b81d3: https://api.example.net/v1/lookup":                                   "4f7a0c9e2b81d3",
		"(echo 'Lumen_garden5512'; echo 'Lumen_garden5512') | sudo smbpasswd -s -a backup":               "Lumen_garden5512",
	}, []string{
		`const id = new ObjectId("507f1f77bcf86cd799439011");`,
		"curl -s -u ana: https://api.example.net/v1/me",
		"Refunded pi_30qQDhj5rIX1Ev8j1NbNpQhH for customer cus_GgAinINVO2xYym; charge ch_3bWO0AhV9HOSMOACKDwV5q1l.",
		"[Peer]\nPublicKey = b7OuQQeqwJR8If5g1YLMBXUG35+D3XUS1o3yH5Y1qBY=\nAllowedIPs = 10.8.0.17/32",
		`const k = new Kafka("my-cluster-bootstrap-01"); const g = new Guid("26647ead-3e3b-4297-a528-b1e6cdedcd21")`,
		`c := api.NewClient("https://api.example.com", "v2")`,
	})
}
