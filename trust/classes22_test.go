package trust

import "testing"

// TestSession21Credentials checks the credential classes batch 22
// showed, in other tools, files and log lines than the batch's; each
// class has look-alikes that must stay.
func TestSession21Credentials(t *testing.T) {
	secret := map[string]string{
		// A literal as the fallback of a credential's variable.
		"const token = process.env.SENTRY_AUTH_TOKEN ?? \"a8Kd93LmQz0Pw7XvB2nR\";":                        "a8Kd93LmQz0Pw7XvB2nR",
		"API_KEY = os.getenv(\"WEATHER_API_KEY\", \"4e7a1c9b2d8f3a6e5c0b7d1f\")":                          "4e7a1c9b2d8f3a6e5c0b7d1f",
		"services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-Pg7kd92Lwq4Z}": "Pg7kd92Lwq4Z",
		"token = ENV.fetch(\"SLACK_BOT_TOKEN\") { \"q9Wx2Lm7Pz4Rv8Tn3Ks6\" }":                             "q9Wx2Lm7Pz4Rv8Tn3Ks6",
		// An Authorization header with the token alone.
		"curl -H \"Authorization: 9f8e7d6c5b4a39281706f5e4d3c2b1a0\" https://flags.example.net/api/admin/features":                "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
		"2026-12-01T10:02:11Z DEBUG request headers={authorization: 'prod:default.kQ2mV9xR4tL7wP1zN8bY5cJ3'}":                     "prod:default.kQ2mV9xR4tL7wP1zN8bY5cJ3",
		"mailer: rotated the MailerSend key mlsn.4f2a9c1e7b3d5f8a0c6e2b4d9f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c this morning": "mlsn.4f2a9c1e7b3d5f8a0c6e2b4d9f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c",
		// A config dump with dot leaders.
		"$ php artisan about --only=database\n  database.connections.mysql.password ........ Qx7pL2vR9zW4\n  database.default ........ mysql": "Qx7pL2vR9zW4",
		// A property list's secret key and string.
		"Info.plist\n<key>SentryAuthToken</key>\n<string>ghx8Kq2Lm9Pz4Rw7Tv1Y3Nb6</string>": "ghx8Kq2Lm9Pz4Rw7Tv1Y3Nb6",
		// --creds, user%password, /RP, /U … /P, net use.
		"podman pull --creds deployer:Xk9mQ2vL7pRw quay.example.net/app:1.4":                           "Xk9mQ2vL7pRw",
		"skopeo inspect --src-creds=ci-reader:8hT3kW9qZ2xPv docker://registry.example.net/base:latest": "8hT3kW9qZ2xPv",
		"rpcclient -U 'OPS\\backup%Wq8zT3rLm5' 10.0.0.5 -c 'enumdomusers'":                             "Wq8zT3rLm5",
		"schtasks /Change /TN \"Backup\" /RU svc-bak /RP Zx4pQ9wLm2Kt":                                 "Zx4pQ9wLm2Kt",
		"schtasks /Query /S fs02 /U CORP\\admin /P \"Hq7rT2kLpW9m\" /FO LIST":                          "Hq7rT2kLpW9m",
		"net use Z: \\\\fs01\\share Nm4kT8wqXz2 /user:CORP\\jdoe":                                      "Nm4kT8wqXz2",
		// A Perforce ticket line.
		"ssl:perforce.example.net:1666=jdoe:0A1B2C3D4E5F60718293A4B5C6D7E8F9": "0A1B2C3D4E5F60718293A4B5C6D7E8F9",
		// SQL options.
		"CREATE SECRET s3_dev (TYPE S3, KEY_ID 'AKIDEXAMPLEID01', SECRET 'wJalrXUtnFEMIK7MDENGbPxRfiCYzq9R', REGION 'eu-west-1');": "wJalrXUtnFEMIK7MDENGbPxRfiCYzq9R",
		"CREATE ROLE reporting LOGIN PASSWORD 'Tr0ub4dor3xQ';":                                                                     "Tr0ub4dor3xQ",
		"CREATE USER 'etl'@'%' IDENTIFIED BY 'q7Vw2Lp9zKx4';":                                                                      "q7Vw2Lp9zKx4",
		// A secrets file's fields.
		"/etc/davfs2/secrets\nhttps://dav.example.org/remote.php/webdav/ jdoe Kq7Lm-2xPz9-Wv4Rt": "Kq7Lm-2xPz9-Wv4Rt",
		"~/.davfs2/secrets\n/mnt/dav  alice  Hx8mQ2zLpW":                                         "Hx8mQ2zLpW",
		// Prose passwords.
		"Ang password sa wifi sa opisina kay Qx7mL2pZ9w karon, ayaw ipakigbahin.": "Qx7mL2pZ9w",
		"It wachtwurd fan de router is Zr8kLp2Wq!x, net trochjaan.":               "Zr8kLp2Wq!x",
		"Lykilorðið fyrir netþjóninn er núna Hq4pZ8mLw#2.":                        "Hq4pZ8mLw#2",
	}
	kept := []string{
		"const token = process.env.SENTRY_AUTH_TOKEN || '';",
		"API_KEY = os.getenv(\"WEATHER_API_KEY\", \"changeme\")",
		"POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}",
		"curl -H \"Authorization: Bearer ${TOKEN}\" https://api.example.net/v1/me",
		"curl -H \"Authorization: $UNLEASH_ADMIN_TOKEN\" \"$UNLEASH_URL/admin/state/export\"",
		"  mail.password ........................ null",
		"<key>token_type</key>\n<string>bearer</string>",
		"skopeo copy --dest-creds \"$HARBOR_USER:$HARBOR_PASS\" docker://a docker://b",
		"smbclient //fs01.example.lan/builds -U 'CORP\\svc-build' -c 'ls'",
		"schtasks /Create /TN Nightly /TR C:\\jobs\\run.cmd /RU SYSTEM /RL HIGHEST",
		"xcopy /P C:\\src D:\\dst",
		"net use Z: \\\\fs01\\share /user:CORP\\jdoe /persistent:yes",
		"P4PORT=ssl:perforce.example.net:1666",
		"CREATE SECRET (TYPE S3, PROVIDER credential_chain);",
		"ALTER ROLE app PASSWORD NULL;",
		"/etc/davfs2/secrets\n# https://dav.example.org/ user password",
		"It wachtwurd is no langer jildich.",
		"Progress: 100% done, -U flag documented in smbclient(1).",
	}
	checkRedactions(t, secret, kept)
}
