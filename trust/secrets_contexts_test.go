package trust

import "testing"

// Session 21 (creds23): credentials in every context. Each secret below
// leaked on main before contextCredRules (a realistic line of its
// context, a random value); each kept text is a benign look-alike of the
// same context: a placeholder, a variable, a flag without its value, a
// setting that is no secret.
func TestRedactCredentialContexts(t *testing.T) {
	checkRedactions(t, map[string]string{
		// nuget-cleartext
		"<packageSourceCredentials>\n  <cortex>\n    <add key=\"Username\" value=\"ci\" />\n    <add key=\"ClearTextPassword\" value=\"qY2hpWKOEcAZ\" />\n  </cortex>\n</packageSourceCredentials>": "qY2hpWKOEcAZ",
		// k8s-secret-data-custom-key
		"kind: Secret\ntype: Opaque\ndata:\n  smtp-relay: MTdjRnp3VW5XUElrbnVBQg==": "MTdjRnp3VW5XUElrbnVBQg==",
		// openvpn-auth-file
		"/etc/openvpn/client/auth.txt\nvpnuser\njPYW0Cl^uCz2": "jPYW0Cl^uCz2",
		// openssl-pass-k
		"openssl enc -aes-256-cbc -salt -in backup.tar -out backup.enc -k Wq8Zm3Lt7Vx2Kp4": "Wq8Zm3Lt7Vx2Kp4",
		// useradd-p
		"useradd -m -p 'Sz8Lq3Vt7Kx2' deploy": "Sz8Lq3Vt7Kx2",
		// chpasswd
		"echo 'deploy:Xz8Lq3Vt7Km2' | chpasswd": "Xz8Lq3Vt7Km2",
		// sudo-S
		"echo 'Yz8Lq3Vt7Km2' | sudo -S systemctl restart nginx": "Yz8Lq3Vt7Km2",
		// gh-secret-set-body
		"gh secret set NPM_TOKEN --body 'Uv8Lz3Zt7Mx2Qw4Nc9Kp'": "Uv8Lz3Zt7Mx2Qw4Nc9Kp",
		// mc-alias
		"mc alias set backup https://s3.cortex.dev backupadmin Av8Lz3Zt7Mx2Qw4Nc9": "Av8Lz3Zt7Mx2Qw4Nc9",
		// smbclient-U
		"smbclient //nas/share -U lena Bv8Lz3Zt7Mx2": "Bv8Lz3Zt7Mx2",
		// ftp-url
		"lftp -u deploy,Fv8Lz3Zt7Mx2 sftp://web01": "Fv8Lz3Zt7Mx2",
		// npm-config-set
		"npm config set //registry.cortex.dev/:_authToken Nv8Lz3Zt7Mx2Qw4Nc9Kp": "Nv8Lz3Zt7Mx2Qw4Nc9Kp",
		// unrar-p
		"unrar x -pXv8Lz3Zt7Mx3 backup.rar": "Xv8Lz3Zt7Mx3",
		// ssh-keygen-N
		"ssh-keygen -t ed25519 -N 'Zv8Lz3Zt7Mx3' -f ~/.ssh/deploy": "Zv8Lz3Zt7Mx3",
		// sshpass-f-inline
		"plink -ssh ops@web01 -pw Aw8Lz3Zt7Mx3 \"uptime\"": "Aw8Lz3Zt7Mx3",
		// pscp-pw
		"pscp -pw Bw8Lz3Zt7Mx3 backup.tar ops@web01:/tmp": "Bw8Lz3Zt7Mx3",
		// winrm
		"winrs -r:web01 -u:CORTEX\\ops -p:Cw8Lz3Zt7Mx3 ipconfig": "Cw8Lz3Zt7Mx3",
		// dsadd
		"dsadd user cn=svc,ou=svc,dc=cortex,dc=lan -pwd Gw8Lz3Zt7Mx3": "Gw8Lz3Zt7Mx3",
		// url-sig
		"https://cdn.cortex.dev/file.zip?Expires=1767225600&Signature=Mw8Lz3Zt7Mx3Qw4Nc9KpVb6&Key-Pair-Id=K2JCJMDEHXQW5F": "Mw8Lz3Zt7Mx3Qw4Nc9KpVb6",
		// url-X-Amz-Signature
		"https://b.s3.amazonaws.com/k?X-Amz-Credential=AKIA/20260101/us-east-1/s3/aws4_request&X-Amz-Signature=9d1f0e7c3b6a5d4e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e": "9d1f0e7c3b6a5d4e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e",
		// cookie
		"Cookie: session=Vw8Lz3Zt7Mx3Qw4Nc9KpVb6; theme=dark": "Vw8Lz3Zt7Mx3Qw4Nc9KpVb6",
		// httpie-auth
		"http -a ops:Bx8Lz3Zt7Mx3 POST api.cortex.dev/jobs": "Bx8Lz3Zt7Mx3",
		// identified-by
		"CREATE USER 'report'@'%' IDENTIFIED BY 'Ex8Lz3Zt7Mx3';": "Ex8Lz3Zt7Mx3",
		// oracle-identified
		"ALTER USER hr IDENTIFIED BY Jx8Lz3Zt7Mx3 ACCOUNT UNLOCK;": "Jx8Lz3Zt7Mx3",
		// clickhouse-create-user
		"CREATE USER analyst IDENTIFIED WITH sha256_password BY 'Lx8Lz3Zt7Mx3';": "Lx8Lz3Zt7Mx3",
		// php-var-dump
		"array(2) {\n  [\"user\"]=>\n  string(3) \"etl\"\n  [\"password\"]=>\n  string(12) \"Wx8Lz3Zt7Mx3\"\n}": "Wx8Lz3Zt7Mx3",
		// prose-pw
		"router admin pw: Fy8Lz3Zt7Mx3": "Fy8Lz3Zt7Mx3",
		// prose-login-slash
		"login for the NAS is admin / Gy8Lz3Zt7Mx3": "Gy8Lz3Zt7Mx3",
		// prose-use
		"use Hy8Lz3Zt7Mx3 as the password when the vpn prompts": "Hy8Lz3Zt7Mx3",
		// prose-set-to
		"I set the wifi password to Iy8Lz3Zt7Mx3 yesterday": "Iy8Lz3Zt7Mx3",
		// prose-changed
		"changed root's password to Jy8Lz3Zt7Mx3 after the audit": "Jy8Lz3Zt7Mx3",
		// prose-creds
		"creds: lena / Ky8Lz3Zt7Mx3": "Ky8Lz3Zt7Mx3",
		// prose-ru
		"Пароль от сервера Ty8Lz3Zt7Mx3": "Ty8Lz3Zt7Mx3",
		// prose-it-chiave
		"La chiave API di produzione è Vy8Lz3Zt7Mx3Qw4Nc9Kp": "Vy8Lz3Zt7Mx3Qw4Nc9Kp",
		// prose-secret-en
		"the shared secret we agreed on is Yy8Lz3Zt7Mx3": "Yy8Lz3Zt7Mx3",
		// generic-salt
		"HASH_SALT=Jz8Lz3Zt7Mx3Qw4Nc9Kp": "Jz8Lz3Zt7Mx3Qw4Nc9Kp",
		// generic-pw-abbr
		"DB_PW=Pz8Lz3Zt7Mx3": "Pz8Lz3Zt7Mx3",
		// generic-pword
		"admin_pword: Qz8Lz3Zt7Mx3": "Qz8Lz3Zt7Mx3",
		// generic-creds-colon
		"SMTP_CREDS=mailer:Rz8Lz3Zt7Mx3": "Rz8Lz3Zt7Mx3",
		// generic-login
		"ADMIN_LOGIN=admin:Tz8Lz3Zt7Mx3": "Tz8Lz3Zt7Mx3",
	}, []string{
		"DB_PASSWORD=${DB_PASSWORD}",
		"password: \"{{ .Values.db.password }}\"",
		"api_key: ${{ secrets.API_KEY }}",
		"set PASSWORD=%DB_PASS%",
		"curl -u admin:$ADMIN_PASS https://jenkins.local/api/json",
		"mysql -u root -p$MYSQL_ROOT_PASSWORD shop",
		"echo \"$REGISTRY_TOKEN\" | docker login -u ci --password-stdin registry.cortex.dev",
		"echo $PW | sudo -S apt-get update",
		"cat ~/.secrets/db | docker login --password-stdin",
		"psql --password-file /run/secrets/db",
		"password_min_length=12\ntoken_ttl=3600\nsession_timeout=1800",
		"Password: ******** (masked)\nToken: [REDACTED]",
		"password=<your-password>",
		"token: <YOUR_TOKEN_HERE>",
		"The password must be changed to something with at least 12 characters.",
		"Add the password to 1Password and share the vault with ops.",
		"I changed the password policy to require 14 characters.",
		"We rotated the token to a new one last week; the old one is revoked.",
		"Set the password to expire after 90 days.",
		"use the --password-stdin flag instead of -p so the secret stays out of shell history",
		"ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519",
		"ssh-keygen -t rsa -b 4096 -N \"\" -C \"lena@cortex.dev\"",
		"chpasswd < users.txt",
		"echo \"deploy:$DEPLOY_PW\" | chpasswd",
		"smbclient -L //nas -N",
		"smbclient //nas/share -U lena -c 'ls'",
		"lftp -u deploy sftp://web01",
		"plink -ssh ops@web01 -pw %PUTTY_PW% uptime",
		"openssl enc -aes-256-cbc -in a.tar -out a.enc -k $BACKUP_KEY",
		"openssl enc -d -aes-256-cbc -kfile /etc/backup.key -in a.enc",
		"mc alias set local http://localhost:9000 $MINIO_USER $MINIO_PASS",
		"gh secret set NPM_TOKEN --body \"$NPM_TOKEN\"",
		"gh secret set NPM_TOKEN < token.txt",
		"kubectl create secret generic db --from-literal=password=$(openssl rand -base64 24)",
		"kubectl create secret generic app --from-file=config.json",
		"composer config --global github-oauth.github.com $GITHUB_TOKEN",
		"npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}",
		"fly secrets set DATABASE_URL=$DATABASE_URL",
		"Cookie: theme=dark; lang=en",
		"Set-Cookie: consent=1; Path=/; Max-Age=31536000",
		"Content-Type: multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
		"https://example.com/search?q=test&key=value",
		"https://cdn.cortex.dev/app.js?v=1856a445bf5c016d76b4e0f67ee23ebda27a59a6",
		"GET /api/items?page=2&sort=created_at&signature=required",
		"CREATE USER app IDENTIFIED BY :app_password;",
		"ALTER USER hr IDENTIFIED BY VALUES 'S:8F2D...';",
		"CREATE USER 'x'@'%' IDENTIFIED WITH caching_sha2_password BY '<password>';",
		"ALTER USER app IDENTIFIED EXTERNALLY;",
		"the pw field is optional",
		"use pnpm as the package manager",
		"use the token as a bearer header",
		"use a long random string as the password",
		"login for the NAS is the usual admin account",
		"creds: see 1Password / Infra vault",
		"Login: admin / see vault",
		"HASH_SALT_ROUNDS=12",
		"BCRYPT_COST=12\nARGON2_SALT_LEN=16",
		"<add key=\"ClientValidationEnabled\" value=\"true\" />",
		"<property name=\"maxPoolSize\" value=\"20\"/>",
		"<property name=\"password\" value=\"${db.password}\"/>",
		"array(1) {\n  [\"password_min\"]=>\n  int(12)\n}",
		"Пароль от сервера хранится в Vault.",
		"La chiave API si trova nel vault di produzione.",
		"La chiave API si chiama STRIPE_SECRET_KEY.",
		"commit 1856a445bf5c016d76b4e0f67ee23ebda27a59a6 fixes the key rotation job",
		"the shared secret is stored in vault under kv/ipsec",
		"the secret is out: we ship on monday",
		"SMTP_AUTH=login:plain",
		"auth: oauth2:bearer",
		"login: 2024-01-01T10:00:00",
		"useradd -m -s /bin/bash -p '$6$rounds=5000$salt$hash' deploy",
		"useradd -m -p \"$(openssl passwd -6 \"$PW\")\" deploy",
		"unzip -o archive.zip -d out/",
		"unrar x -p- archive.rar",
		"kind: Secret\nmetadata:\n  name: db-credentials\n  namespace: production\ndata: {}",
		"kind: ConfigMap\ndata:\n  LOG_LEVEL: info\n  WORKERS: \"4\"",
		"dsadd user cn=svc,ou=svc,dc=cortex,dc=lan -pwd *",
		"net use Z: \\\\\\\\fs01\\\\share /user:CORTEX\\\\svc *",
		"winrs -r:web01 -u:CORTEX\\\\ops -p:* ipconfig",
		"http -a ops POST api.cortex.dev/jobs",
		"http --auth-type=jwt --auth=$JWT api.cortex.dev/me",
		"OpenVPN auth-user-pass /etc/openvpn/auth.txt\nremote vpn.cortex.dev 1194",
		"Set-Cookie: JSESSIONID=$SESSION; Path=/",
		"uuid 3f1e2d4c-5b6a-4789-9abc-def012345678 for the token request",
		"sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"password reset for user lena2024 completed",
		"The password policy PCI-DSS4 requires rotation.",
	})
}

// The second sweep: daemons' and devices' configs, password managers,
// hashing tools, code signing, prompts answered, markdown labels.
func TestRedactCredentialContextsDaemonsAndTools(t *testing.T) {
	checkRedactions(t, map[string]string{
		// slapd-rootpw
		"database mdb\nsuffix \"dc=cortex,dc=lan\"\nrootdn \"cn=admin,dc=cortex,dc=lan\"\nrootpw Bb8Qz3Xt7Mk2": "Bb8Qz3Xt7Mk2",
		// olcRootPW
		"dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: Cb8Qz3Xt7Mk2": "Cb8Qz3Xt7Mk2",
		// ldap-bindpw
		"/etc/nslcd.conf\nbinddn cn=nslcd,dc=cortex,dc=lan\nbindpw Db8Qz3Xt7Mk2": "Db8Qz3Xt7Mk2",
		// nmcli-psk
		"nmcli con modify office wifi-sec.psk Rb8Qz3Xt7Mk2": "Rb8Qz3Xt7Mk2",
		// wpa_passphrase
		"wpa_passphrase CortexOffice Sb8Qz3Xt7Mk2 >> /etc/wpa_supplicant.conf": "Sb8Qz3Xt7Mk2",
		// netsh-keymaterial
		"<sharedKey>\n  <keyType>passPhrase</keyType>\n  <protected>false</protected>\n  <keyMaterial>Tb8Qz3Xt7Mk2</keyMaterial>\n</sharedKey>": "Tb8Qz3Xt7Mk2",
		// aws-configure-set
		"aws configure set aws_secret_access_key Vb8Qz3Xt7Mk2Lp4Vw9Nc6Rj1Ty5Ub0Io3Hs7 --profile ci": "Vb8Qz3Xt7Mk2Lp4Vw9Nc6Rj1Ty5Ub0Io3Hs7",
		// macos-security
		"security add-generic-password -a lena -s cortex-api -w 'Yb8Qz3Xt7Mk2Lp4'": "Yb8Qz3Xt7Mk2Lp4",
		// bw-unlock
		"bw unlock 'Zb8Qz3Xt7Mk2' --raw": "Zb8Qz3Xt7Mk2",
		// openssl-passwd
		"openssl passwd -6 'Ac8Qz3Xt7Mk2'": "Ac8Qz3Xt7Mk2",
		// doveadm-pw
		"doveadm pw -s SHA512-CRYPT -p Bc8Qz3Xt7Mk2": "Bc8Qz3Xt7Mk2",
		// etcdctl-user
		"etcdctl --user root:Dc8Qz3Xt7Mk2 get /config": "Dc8Qz3Xt7Mk2",
		// curl-proxy-user
		"curl --proxy-user lena:Ec8Qz3Xt7Mk2 -x proxy.lan:3128 https://example.org": "Ec8Qz3Xt7Mk2",
		// passwd-stdin
		"echo 'Fc8Qz3Xt7Mk2' | passwd --stdin deploy": "Fc8Qz3Xt7Mk2",
		// wrangler-stdin
		"echo 'Hc8Qz3Xt7Mk2Lp4Vw9Nc6' | npx wrangler secret put STRIPE_KEY": "Hc8Qz3Xt7Mk2Lp4Vw9Nc6",
		// gcloud-secret
		"printf 'Ic8Qz3Xt7Mk2Lp4' | gcloud secrets versions add db-pass --data-file=-": "Ic8Qz3Xt7Mk2Lp4",
		// squid-cache-peer
		"cache_peer parent.proxy.lan parent 3128 0 no-query login=lena:Lc8Qz3Xt7Mk2": "Lc8Qz3Xt7Mk2",
		// traefik-plain
		"traefik.http.middlewares.auth.basicauth.users=admin:Mc8Qz3Xt7Mk2": "Mc8Qz3Xt7Mk2",
		// tnsnames-userid
		"userid=scott/Qc8Qz3Xt7Mk2@ORCL": "Qc8Qz3Xt7Mk2",
		// oracle-jdbc-thin
		"jdbc:oracle:thin:scott/Sc8Qz3Xt7Mk2@db01:1521/ORCL": "Sc8Qz3Xt7Mk2",
		// mongo-keyfile-cat
		"$ cat /etc/mongo/keyfile\nVc8Qz3Xt7Mk2Lp4Vw9Nc6Rj1Ty5Ub0": "Vc8Qz3Xt7Mk2Lp4Vw9Nc6Rj1Ty5Ub0",
		// argocd-initial
		"$ argocd admin initial-password -n argocd\nDd8Qz3Xt7Mk2Lp4V\n\n This password must be only used for first time login.": "Dd8Qz3Xt7Mk2Lp4V",
		// k8s-get-secret-decode
		"$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\nEd8Qz3Xt7Mk2": "Ed8Qz3Xt7Mk2",
		// docker-compose-secret-file
		"$ cat secrets/db_password.txt\nFd8Qz3Xt7Mk2": "Fd8Qz3Xt7Mk2",
		// prose-en-pwd-paren
		"ssh to bastion (pwd De8Qz3Xt7Mk2) then hop": "De8Qz3Xt7Mk2",
		// prose-fr-mdp
		"mdp du wifi : Ge8Qz3Xt7Mk2": "Ge8Qz3Xt7Mk2",
		// prose-pt-senha-do
		"senha do banco Ie8Qz3Xt7Mk2": "Ie8Qz3Xt7Mk2",
		// prose-nl-ww
		"ww van de router is Ke8Qz3Xt7Mk2": "Ke8Qz3Xt7Mk2",
		// prose-de-pw-kurz
		"PW für den Jenkins: Le8Qz3Xt7Mk2": "Le8Qz3Xt7Mk2",
		// prose-token-colon-short
		"Slack bot token — Me8Qz3Xt7Mk2Lp4Vw9Nc6Rj": "Me8Qz3Xt7Mk2Lp4Vw9Nc6Rj",
		// markdown-bold
		"**Password:** Pe8Qz3Xt7Mk2": "Pe8Qz3Xt7Mk2",
		// xml-setting-value-child
		"<setting name=\"SmtpPassword\" serializeAs=\"String\">\n  <value>Af8Qz3Xt7Mk2</value>\n</setting>": "Af8Qz3Xt7Mk2",
		// signtool
		"signtool sign /f cert.pfx /p Gf8Qz3Xt7Mk2 /tr http://ts app.exe": "Gf8Qz3Xt7Mk2",
		// certutil-p
		"certutil -p Hf8Qz3Xt7Mk2 -importpfx cert.pfx": "Hf8Qz3Xt7Mk2",
		// vnc-password-arg
		"vncpasswd -f <<< 'Nf8Qz3Xt7Mk2' > ~/.vnc/passwd": "Nf8Qz3Xt7Mk2",
		// teamviewer
		"teamviewer passwd Pf8Qz3Xt7Mk2": "Pf8Qz3Xt7Mk2",
		// anydesk
		"echo Qf8Qz3Xt7Mk2 | anydesk --set-password": "Qf8Qz3Xt7Mk2",
		// redis-auth-cmd
		"127.0.0.1:6379> AUTH default Vf8Qz3Xt7Mk2\nOK": "Vf8Qz3Xt7Mk2",
		// redis-config-set
		"CONFIG SET requirepass Wf8Qz3Xt7Mk2": "Wf8Qz3Xt7Mk2",
		// enter-passphrase
		"Enter passphrase for key '/home/lena/.ssh/id_ed25519': Bg8Qz3Xt7Mk2": "Bg8Qz3Xt7Mk2",
		// echo-e-passwd
		"echo -e \"Gc8Qz3Xt7Mk2\\nGc8Qz3Xt7Mk2\" | passwd deploy": "Gc8Qz3Xt7Mk2",
	}, []string{
		"cat secrets.yaml\napiVersion: v1\nkind: Secret",
		"cat token.json\n{\n  \"expires_in\": 3600\n}",
		"cat /etc/passwd\nroot:x:0:0:root:/root:/bin/bash",
		"cat tokens.txt\nsee the vault",
		"git config --global credential.helper store",
		"git config --global user.signingkey 3AA5C34371567BD2",
		"aws configure set region eu-west-1",
		"npm config set registry https://registry.npmjs.org/",
		"git config --global http.sslVerify false",
		"nmcli dev wifi connect CortexGuest password \"$WIFI_PW\"",
		"nmcli con show office",
		"wpa_passphrase CortexOffice < pass.txt",
		"security add-generic-password -a lena -s api -w",
		"bw unlock --raw",
		"openssl passwd -6 -stdin < pw.txt",
		"etcdctl --user root get /config",
		"docker run --user 1000:1000 app",
		"docker run --user www-data:www-data app",
		"docker run --user $(id -u):$(id -g) app",
		"**Password:** stored in 1Password",
		"**Token:** see vault",
		"API token — see the vault entry",
		"Secret — a value only the server knows",
		"map key -> value lookups are O(1)",
		"PW für den Jenkins: siehe Vault",
		"Enter passphrase for key '/home/lena/.ssh/id_ed25519':",
		"127.0.0.1:6379> AUTH $REDIS_PASS",
		"CONFIG SET requirepass \"\"",
		"<keyMaterial>$(WIFI_KEY)</keyMaterial>",
		"signtool sign /f cert.pfx /p %PFX_PASSWORD% app.exe",
		"rootpw {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=",
		"ldap_default_authtok_type = password",
		"the pwd command prints /home/lena",
		"ssh to bastion (pwd is in the vault) then hop",
		"doveadm pw -s SHA512-CRYPT",
		"slappasswd -h {SSHA}",
		"mkpasswd -m sha-512",
		"teamviewer --passwd",
		"the token -> session mapping lives in redis",
		"Cookie: JSESSIONID=node01abc; Path=/",
	})
}
