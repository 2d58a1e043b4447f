package trust

import "testing"

// TestRedactKeepsPlacesAndSpecs: values that name where a secret is, or
// how a tool gets it, are kept — a path given to a password-like name
// (PWD in an environment dump is the working directory), a flag's
// key=value description of a secret (docker's --secret id=…,src=…), an
// XML setting's key made of words — while the secrets beside them go.
func TestRedactKeepsPlacesAndSpecs(t *testing.T) {
	checkRedactions(t, map[string]string{
		"PWD=/root\nDB_PASSWORD=Zq8vR2mLx4Tn":                            "Zq8vR2mLx4Tn",
		"pwd: x7Kp2LmQ9vRt":                                              "x7Kp2LmQ9vRt",
		"docker login -p Xy8kLm2Qv9TnR4 registry.example.com":            "Xy8kLm2Qv9TnR4",
		"vault write auth --secret kR8mXq2Lv7TnB4wZ9pYc":                 "kR8mXq2Lv7TnB4wZ9pYc",
		`<add key="ApiKey" value="sk_live_51HxQ2mLx4TnZq8vR2pWkY7cB" />`: "sk_live_51HxQ2mLx4TnZq8vR2pWkY7cB",
		"session_key = BPhLERWqCbvaQqrpxCCdTm":                           "BPhLERWqCbvaQqrpxCCdTm",
		// A password may start with a slash: not a path.
		"PASSWORD=/aB3kL9qZ":       "/aB3kL9qZ",
		"DB_PASS=/9fKq2LmXvT/Zq8w": "/9fKq2LmXvT/Zq8w",
		// A kickstart line quoted in prose.
		"ops box: smbclient //files/share -U deploy%Zx9kLm2qT7 and rootpw --plaintext Jdni1Ia=a3fE@H!": "Jdni1Ia=a3fE@H!",
	}, []string{
		"env dump from the failing container:\nHOME=/root\nPWD=/root\nSHELL=/bin/bash",
		"pwd: /home/lena/src/cortex",
		"the rootpw setting is documented in the kickstart guide, chapter four",
		"password_file: /run/secrets/db_password",
		`SECRET_PATH="~/.config/app/secret.json"`,
		`TOKEN_FILE=C:\Users\app\token.txt`,
		"docker build --secret id=npm,src=$HOME/.npmrc -t web .",
		"docker run --secret id=npm,src=/run/npmrc node:20 npm ci",
		"buildx build --secret type=env,id=GH_TOKEN,env=GH_TOKEN .",
		`<add key="webpages:Version" value="3.0.0.0" />`,
		`<add key="Logging.LogLevel.Default" value="Information" />`,
	})
}
