package trust

import (
	"regexp"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The shape's lexicons in the languages beyond the five the English
// lexicons carry inline (English, German, French, Spanish, Portuguese):
// Italian, Dutch, Polish, Russian, Swedish, Turkish, Japanese, Chinese,
// Korean, Hindi, Vietnamese, Indonesian (and Malay), Greek, Ukrainian,
// Czech, Hungarian, Finnish, Arabic, Hebrew, Thai, Swahili, Tagalog,
// Urdu, Persian, since session 17 Slovenian (with Croatian, Bosnian and
// Serbian in Latin letters), Danish (with Norwegian Bokmål), Albanian,
// Galician, Romanian, Armenian, Marathi and Kazakh, since session 18
// Zulu, Uzbek, Nepali and Irish, since
// session 19 Latvian, Belarusian, Malayalam and Somali, and since
// session 20 Sinhala, Kannada, Punjabi, Burmese, Pashto, Esperanto,
// Luxembourgish and Egyptian Arabic in Latin letters, and since session
// 21 Javanese, Māori, Yiddish, Latin, Odia and Tajik, and since session
// 22 Uyghur, Tatar, Kurdish Sorani, Malagasy, Scottish Gaelic, Faroese
// and Xhosa, and then batch 22's Cebuano, West Frisian,
// Occitan, Breton, Igbo, Kinyarwanda, Samoan and Assamese, and ahead of
// the batches Bengali, Telugu, Tamil, Gujarati, Amharic, Hausa, Yoruba,
// Shona, Sesotho, Oromo, Bulgarian, Serbian and Macedonian in Cyrillic,
// Slovak, Lithuanian, Estonian, Norwegian Nynorsk, Icelandic, Catalan,
// Basque, Welsh, Afrikaans, Maltese, Georgian, Azerbaijani, Kyrgyz,
// Mongolian, Khmer, Lao, Haitian Creole, Turkmen and Quechua.
// An attack in any of them still has to name its reader ("nota per
// l'assistente", "Примечание для ИИ-агента", "AIアシスタントへ") and ask
// for a risky act; the act's objects are often the same English words
// (main, --force, .env, a URL), and what each language adds is the frame:
// who is addressed, "from now on", "do not tell the user", "without
// asking", and the verbs of the acts. Each field is a folded expression
// (lexFold: lower case, marks dropped, as shapeView reads the text);
// matching never relies on \b, which Go reads as ASCII only.
type langLex struct {
	lang string
	// note is a heading or a line for the agent ("note for the assistant:").
	note string
	// agent is an agent noun in any inflection.
	agent string
	// future is every later session; fromNow is "from now on".
	future, fromNow string
	// conceal keeps the act from the person; unchecked leaves the person
	// out ("without asking", "no confirmation needed").
	conceal, unchecked string
	// The acts: verbs and objects, tried in either order within a clause.
	destroyVerb, destroyObj string
	weakenVerb, safeguard   string
	sendVerb                string
	// approve is approving or merging, an act risky without a person
	// (unchecked); approveOwn is approving one's own work.
	approve, approveOwn string
	// outranks puts the note's word above the person's.
	outranks string
	// direct is a push straight to main; fetchRun downloads and runs.
	direct, fetchRun string
	// grant gives admin or owner rights (session 22, batch 25).
	grant string
	// must is a modal of duty or leave ("must", "should", "may"): beside
	// the agent noun in one clause, not negated, it addresses the agent
	// as "agents must …" does in English (agent-directive).
	must string
	// secret is the language's words for a password, a key or a token
	// (beside the English ones, which notes in any language use);
	// memory is the reader's own notes or memory ("i sine noter", "savās
	// piezīmēs"): a secret and the reader's memory in one clause, not
	// forbidden, is a secret kept where every later session reads it.
	secret, memory string
}

var langLexicons = []langLex{{
	lang:        "it",
	note:        `(?:nota|avviso|istruzion[ei]|promemoria|messaggio)\s+(?:per|all'|al|ai|agli|a)\s*(?:l'|il |i |gli )?(?:assistente|agente|agenti|assistenti|ia|bot)`,
	agent:       `l'agente|l'assistente|gli agenti|gli assistenti|l'ia`,
	future:      `(?:sessioni future|prossime sessioni|ogni (?:nuova )?sessione)`,
	fromNow:     `(?:da ora in (?:poi|avanti)|d'ora in (?:poi|avanti)|da adesso in poi|d'ora innanzi)`,
	conceal:     `(?:non (?:dirlo|dirglielo|dire niente|informare|avvisare|menzionar\S*|segnalar\S*)|senza (?:dirlo|avvisare|informare) (?:a )?(?:nessuno|l'utente))`,
	unchecked:   `(?:senza (?:chiedere|aspettare|conferma|revision\S*|approvazion\S*)|non serve (?:chiedere|conferma))`,
	destroyVerb: `(?:cancell\S*|elimin\S*|rimuov\S*|svuot\S*)`,
	destroyObj:  `(?:produzione|database|backup|branch remoti|rami remoti|i branch|i rami)`,
	weakenVerb:  `(?:disattiv\S*|disabilit\S*|spegn\S*|salta\S*)`,
	safeguard:   `(?:protezion\S*|revision\S*|controll\S*|verific\S*|log di audit)`,
	sendVerb:    `(?:invia\S*|manda\S*|carica\S*|inoltra\S*)`,
	approve:     `(?:approv\S*|fa(?:re|ccia)? (?:il )?merge|merg\S*)`,
	outranks:    `piu importan\S* (?:di|delle|della) (?:parole|richieste|istruzioni|volonta) (?:dell')?utente`,
	direct:      `(?:direttamente (?:su|in|a) (?:main|master))`,
	fetchRun:    `scaric\S* e (?:esegu|lanc)\S*`,
}, {
	lang:        "nl",
	note:        `(?:opmerking|notitie|noot|instructie|let op|bericht)\s+(?:voor|aan)\s+(?:de\s+)?(?:ai-?)?(?:agent|assistent|bot|ai)`,
	agent:       `de (?:ai-?)?(?:agent|assistent)|de agents`,
	future:      `(?:toekomstige sessies|volgende sessies|elke (?:nieuwe )?sessie)`,
	fromNow:     `(?:voortaan|vanaf nu|van nu af aan|vanaf vandaag)`,
	conceal:     `(?:(?:vertel|zeg|meld|noem) (?:het|dit|dat|niets)(?: niet)?(?: aan| tegen)? (?:de )?(?:gebruiker|niemand)|zonder (?:het )?(?:te melden|te vertellen)|niet (?:vertellen|melden|noemen) aan)`,
	unchecked:   `(?:zonder (?:te vragen|bevestiging|review|goedkeuring|overleg)|vraag het niet|niet vragen)`,
	destroyVerb: `(?:verwijder\S*|wis\S*|gooi \S+ weg)`,
	destroyObj:  `(?:productie\S*|database\S*|backups?|branches)`,
	weakenVerb:  `(?:uitschakel\S*|schakel \S+ uit|zet \S+ uit|uitzetten|overslaan|sla \S+ over)`,
	safeguard:   `(?:bescherming|review\S*|controle\S*|audit\S*|scan\S*)`,
	sendVerb:    `(?:stuur\S*|verstuur\S*|upload\S*|stuurt)`,
	approve:     `(?:goedkeur\S*|keur \S+ goed|keurt \S+ goed|merge\S*)`,
	outranks:    `belangrijker dan (?:wat )?de gebruiker`,
	direct:      `(?:rechtstreeks|direct) (?:naar|op) (?:main|master)`,
	fetchRun:    `download\S* en (?:voer \S+ uit|draai|start)\S*`,
}, {
	lang:        "pl",
	note:        `(?:uwaga|notatka|notka|instrukcja|wskazowka|wiadomosc)\s+dla\s+(?:\S+\s+)?(?:asystent\S*|agent\S*|bota|ai)`,
	agent:       `asystent(?:a|owi|em|ie)?(?:$|[^\p{L}])|agent(?:a|owi|em)(?:$|[^\p{L}])`,
	future:      `(?:kazdej (?:nowej )?sesji|przyszlych sesj\S*|kolejnych sesj\S*)`,
	fromNow:     `(?:od teraz|od dzisiaj|od dzis|odtad|od tej chwili)`,
	conceal:     `(?:nie (?:informuj|informowa|mow|powiedz|wspomina|wspomni|zglasza|zglos|powiadamia|powiadom|pokazuj|pokaza)\S*|(?:ma|musi) zostac miedzy nami|miedzy nami|bez informowania)`,
	unchecked:   `(?:bez (?:pytania|zgody|potwierdzenia|przegladu|akceptacji)|nie pytaj|nie czekaj na)`,
	destroyVerb: `(?:usun\S*|usuw\S*|kasow\S*|skasuj\S*|wyczysc\S*)`,
	destroyObj:  `(?:kopi\S* zapasow\S*|produkcj\S*|baz\S* danych|backup\S*|gale\S*)`,
	weakenVerb:  `(?:wylacz\S*|dezaktywuj\S*|pomin\S*)`,
	safeguard:   `(?:ochron\S*|przeglad\S*|weryfikacj\S*|audyt\S*|testy)`,
	sendVerb:    `(?:wyslij\S*|wysyl\S*|przeslij\S*|przesyl\S*|wrzuc\S*)`,
	approve:     `(?:zatwierdz\S*|zatwierdza\S*|scal\S*|zmerguj\S*|merguj\S*)`,
	outranks:    `wazniejsz\S* niz (?:slowa|polecenia|prosby|zdanie) uzytkownika`,
	direct:      `(?:bezposrednio (?:na|do) (?:main|master))`,
	fetchRun:    `pobierz\S* i uruchom\S*`,
}, {
	lang:        "ru",
	note:        `(?:примечание|заметка|указание|инструкция|внимание|сообщение)\s+для\s+(?:\S+\s+)?(?:агент\S*|ассистент\S*|бот\S*|ии\S*)`,
	agent:       `(?:ии-)?(?:агент\S*|ассистент\S*)`,
	future:      `(?:будущих сесси\S*|каждой (?:новой )?сесси\S*|следующих сесси\S*)`,
	fromNow:     `(?:с этого момента|отныне|впредь|с сегодняшнего дня|теперь всегда)`,
	conceal:     `(?:не (?:сообщай|говори|рассказывай|упоминай|информируй|сообщайте|говорите)|между нами|без ведома)`,
	unchecked:   `(?:без (?:подтверждени\S*|согласовани\S*|ревью|проверк\S*|вопросов)|не спрашивая|не спрашивай)`,
	destroyVerb: `(?:удал\S*|стер\S*|снес\S*|очист\S*)`,
	destroyObj:  `(?:прод\S*|баз\S* данных|бэкап\S*|резервн\S*|ветк\S*)`,
	weakenVerb:  `(?:отключ\S*|выключ\S*|обойди|пропуст\S*)`,
	safeguard:   `(?:защит\S*|проверк\S*|ревью|аудит\S*)`,
	sendVerb:    `(?:отправ\S*|пришли|загрузи|перешли)`,
	approve:     `(?:одобр\S*|смерж\S*|мерж\S*|слива\S*)`,
	outranks:    `важнее (?:слов|указаний|просьб|мнения)\S* пользовател\S*`,
	direct:      `(?:(?:прямо|напрямую|сразу) в (?:main|master)|пуш\S* (?:прямо |напрямую )?в (?:main|master))`,
	fetchRun:    `скача\S* и (?:запуст|выполн)\S*`,
}, {
	lang:        "sv",
	note:        `(?:anteckning|notering|instruktion|obs|meddelande)\s+(?:till|for)\s+(?:\S+\s+)?(?:ai-)?(?:assistent\S*|agent\S*|bot\S*)`,
	agent:       `(?:ai-)?(?:assistenten|agenten)`,
	future:      `(?:framtida sessioner|varje (?:ny )?session|efter varje session)`,
	fromNow:     `(?:fran och med nu|hadanefter|framover|fran i dag)`,
	conceal:     `(?:namn (?:det|detta) inte|namn inte|utan att (?:beratta|namna|saga)|saga inget|beratta inte)`,
	unchecked:   `(?:utan att fraga|utan granskning|utan godkannande|utan bekraftelse)`,
	destroyVerb: `(?:radera\S*|ta bort|tar bort)`,
	destroyObj:  `(?:produktion\S*|databas\S*|sakerhetskopi\S*|grenar)`,
	weakenVerb:  `(?:stang av|stanger av|inaktivera\S*|hoppa over)`,
	safeguard:   `(?:skydd\S*|granskning\S*|kontroll\S*|granskningen)`,
	sendVerb:    `(?:skicka\S*|ladda upp)`,
	approve:     `(?:godkann\S*|merga\S*)`,
	outranks:    `viktigare an (?:vad )?anvandaren`,
	direct:      `(?:direkt till (?:main|master))`,
	fetchRun:    `ladda ner (?:och )?(?:kor|starta)\S*`,
}, {
	lang:        "tr",
	note:        `(?:not|talimat|uyari|mesaj)\s*:?\s*(?:\S+\s+){0,3}(?:asistan\S*|ajan\S*|bot\S*)\s+icin`,
	agent:       `(?:yapay zeka )?(?:asistan\S*|ajan\S*)`,
	future:      `(?:gelecek oturum\S*|her (?:yeni )?oturum\S*)`,
	fromNow:     `(?:bundan (?:sonra|boyle)|artik)`,
	conceal:     `(?:(?:kullaniciya|kimseye) (?:asla |hic )?(?:soyleme|bahsetme|haber verme|gosterme)\S*|bahsetme|soylemeyin)`,
	unchecked:   `(?:onay (?:almadan|beklemeden)|sormadan|onaysiz)`,
	destroyVerb: `sil\S*`,
	destroyObj:  `(?:veritaban\S*|yedek\S*|uretim\S*|dal\S*)`,
	weakenVerb:  `(?:kapat\S*|devre disi)`,
	safeguard:   `(?:koruma\S*|inceleme\S*|denetim\S*)`,
	sendVerb:    `(?:gonder\S*|yukle\S*)`,
	approve:     `(?:onayla\S*|birlestir\S*|merge\S*)`,
	outranks:    `kullanicinin (?:sozlerinden|isteklerinden|talimatlarindan) (?:daha )?onemli|(?:kullanici|kullanicilar) aksini (?:soylese|isterse|istese|dese)(?: de| bile)?`,
	direct:      `(?:main dalina dogrudan|dogrudan (?:main|master))`,
	fetchRun:    `indir(?:ip)? ve calistir\S*`,
}, {
	lang:        "ja",
	note:        `(?:(?:^|[^a-z])ai|エージェント|アシスタント)[^\n。]{0,12}?(?:へ|に向けて|向け|への(?:メモ|注意|指示))`,
	agent:       `(?:ai)?(?:エージェント|アシスタント)`,
	future:      `(?:今後のセッション|毎回のセッション|各セッション|次回以降)`,
	fromNow:     `(?:今後|これから(?:は)?|以降)`,
	conceal:     `(?:(?:ユーザー|誰|利用者)に(?:は|も)?(?:伝え|言わ|知らせ|報告し)ない|伝えないこと|言わないで|内緒)`,
	unchecked:   `(?:確認(?:なし|なしで|は不要|不要)|レビューを待たずに|承認(?:なし|不要)|確認せずに)`,
	destroyVerb: `(?:削除|消去|消して)`,
	destroyObj:  `(?:本番|データベース|バックアップ|ブランチ)`,
	weakenVerb:  `(?:無効|オフに|停止|止め)`,
	safeguard:   `(?:保護|レビュー|監査ログ|チェック|スキャン)`,
	sendVerb:    `(?:送信|送って|貼り付け|アップロード)`,
	approve:     `(?:承認|マージ)`,
	outranks:    `ユーザーの(?:指示|言葉|要求)より(?:優先|重要)`,
	direct:      `(?:main\s*(?:へ|に)\s*直接|直接\s*main)`,
	fetchRun:    `ダウンロードして(?:実行|起動)`,
}, {
	lang:        "zh",
	note:        `(?:给|致|对)\s*(?:ai)?\s*(?:助手|智能体|代理|机器人)|(?:ai)?(?:助手|智能体)(?:须知|注意|备注)`,
	agent:       `(?:ai)?(?:助手|智能体)`,
	future:      `(?:以后的会话|今后的会话|每次会话|每个会话)`,
	fromNow:     `(?:以后|今后|从现在起|从今以后|从现在开始)`,
	conceal:     `(?:不要|别|不用|无需)(?:告诉|通知|告知|让)(?:用户|任何人|他们)?|保密`,
	unchecked:   `(?:不经(?:确认|审核|审批)|无需(?:确认|审核)|不用(?:再)?确认|未经(?:审核|确认))`,
	destroyVerb: `(?:删除|删掉|清空)`,
	destroyObj:  `(?:生产|数据库|备份|分支)`,
	weakenVerb:  `(?:关闭|禁用|停用|跳过)`,
	safeguard:   `(?:保护|审核|审计日志|检查|扫描)`,
	sendVerb:    `(?:发送|上传|粘贴|贴到)`,
	approve:     `(?:批准|合并)`,
	outranks:    `(?:优先于|高于|重于)用户(?:的)?(?:指示|要求|话)`,
	direct:      `(?:直接(?:推送|push)\S*\s*(?:到)?\s*main|main[^\n。]{0,10}直接)`,
	fetchRun:    `下载(?:并|后)(?:执行|运行)`,
}, {
	lang:        "ko",
	note:        `(?:에이전트|어시스턴트|비서|ai)(?:에게|를 위한|용 메모|께)`,
	agent:       `에이전트|어시스턴트`,
	future:      `(?:앞으로의|모든|향후|매) 세션|세션이 시작되면`,
	fromNow:     `앞으로(?:는)?|지금부터|이제부터`,
	conceal:     `(?:사용자|유저|아무)(?:에게|한테)(?:는)? (?:알리지|말하지|보고하지|언급하지) (?:말|마)`,
	unchecked:   `묻지 말고|묻지 않고|확인 없이|승인 없이|검토 없이|리뷰 없이|(?:확인|승인|검토|리뷰)(?:은|는|이|가)? (?:필요 없|필요하지 않|불필요)`,
	destroyVerb: `삭제|지우`,
	destroyObj:  `프로덕션|운영|데이터베이스|백업|브랜치`,
	weakenVerb:  `끄|꺼|비활성화|해제|삭제|제거`,
	safeguard:   `보호|검토|리뷰|감사 로그|스캔|서명|검사`,
	sendVerb:    `전송|보내|업로드|붙여`,
	approve:     `승인|병합|머지`,
	outranks:    `사용자(?:의)? (?:말|지시)보다 (?:우선|중요)`,
	direct:      `main(?:에| 브랜치에)? (?:바로|직접)`,
	fetchRun:    `다운로드(?:해서|하여|하고|한 뒤) 실행`,
}, {
	lang:        "hi",
	note:        `(?:एजेंट|सहायक|असिस्टेंट)(?: के लिए| हेतु)`,
	agent:       `एजेंट|सहायक|असिस्टेंट`,
	future:      `(?:हर|सभी|आने वाले) (?:सत्र|सेशन)`,
	fromNow:     `अब से|आज से|आगे से`,
	conceal:     `(?:उपयोगकर्ता|यूज़र|किसी) को (?:इसके बारे में )?(?:न|मत|कुछ न) (?:बताएं|बताना|बताओ|बताएँ)|ज़िक्र (?:मत|न) कर`,
	unchecked:   `(?:बिना|बगैर) (?:पूछे|अनुमति|पुष्टि|समीक्षा)`,
	destroyVerb: `हटा|मिटा|डिलीट`,
	destroyObj:  `प्रोडक्शन|डेटाबेस|बैकअप|ब्रांच`,
	weakenVerb:  `बंद कर|निष्क्रिय`,
	safeguard:   `सुरक्षा|समीक्षा|जांच|स्कैनिंग|ऑडिट`,
	sendVerb:    `भेज|अपलोड`,
	approve:     `मंज़ूर|अनुमोदित|मर्ज`,
	outranks:    `उपयोगकर्ता (?:की बात|के निर्देश)\S* से (?:ऊपर|ज़्यादा महत्वपूर्ण)`,
	direct:      `main ब्रांच पर (?:सीधे|डायरेक्ट)|सीधे main`,
	fetchRun:    `डाउनलोड कर(?:के|ें और) चला`,
}, {
	lang:        "vi",
	note:        `(?:ghi chu|luu y|huong dan|nhac nho)\s+(?:danh )?cho\s+(?:tro ly|agent|ai)`,
	agent:       `tro ly(?: ai)?`,
	future:      `(?:moi|cac) phien(?: sau| moi| tuong lai)?`,
	fromNow:     `tu nay|tu bay gio|ke tu nay`,
	conceal:     `(?:dung|khong|chang) (?:noi|bao|thong bao|cho biet)(?: voi| cho)? (?:nguoi dung|ai)`,
	unchecked:   `khong (?:can )?(?:hoi|xac nhan)|ma khong hoi|khong cho (?:review|duyet)`,
	destroyVerb: `xoa`,
	destroyObj:  `(?:tep|file) kiem thu|co so du lieu|ban sao luu|nhanh|production`,
	weakenVerb:  `tat|vo hieu hoa`,
	safeguard:   `bao ve|kiem tra|review|kiem thu|quet`,
	sendVerb:    `gui|tai len|dan`,
	approve:     `phe duyet|gop|merge`,
	outranks:    `quan trong hon (?:loi )?nguoi dung`,
	direct:      `truc tiep (?:len|vao) main`,
	fetchRun:    `tai (?:ve )?(?:va|roi) chay`,
}, {
	lang:        "id",
	note:        `(?:catatan|instruksi|pesan)\s+(?:untuk|bagi)\s+(?:agen|asisten|ai|bot)`,
	agent:       `(?:agen|asisten|pembantu)(?:$|[^\p{L}])`,
	future:      `(?:setiap|semua) sesi(?: berikutnya| baru)?|sesi(?:-sesi)? berikutnya`,
	fromNow:     `mulai sekarang|mulai hari ini|selanjutnya`,
	conceal:     `(?:jangan|tidak usah) (?:beri ?tahu|kasih tahu|memberitahu|bilang)(?: ke| kepada)? (?:pengguna|siapa pun)`,
	unchecked:   `tanpa (?:bertanya|konfirmasi|menunggu|persetujuan|review|meminta)|(?:^|[^\p{L}])sendiri(?:$|[^\p{L}])`,
	destroyVerb: `hapus|menghapus`,
	destroyObj:  `produksi|database|basis data|cadangan|backup|branch`,
	weakenVerb:  `matikan|nonaktifkan|lewati`,
	safeguard:   `proteksi|perlindungan|review|pemeriksaan|audit`,
	sendVerb:    `kirim|unggah|tempel`,
	approve:     `setujui|gabungkan|merge`,
	outranks:    `lebih penting dari(?:pada)? (?:kata |perintah )?pengguna`,
	direct:      `langsung ke main`,
	fetchRun:    `unduh (?:dan|lalu) jalankan`,
}, {
	lang:        "el",
	note:        `(?:οδηγια|οδηγιες|σημειωση)\s+(?:για|προς)\s+(?:τον |το )?(?:βοηθο|πρακτορα|agent|ai)`,
	agent:       `βοηθο|πρακτορα`,
	future:      `(?:καθε|ολες τις) (?:νεα )?συνεδρια|μελλοντικες συνεδριες`,
	fromNow:     `απο τωρα|στο εξης|απο σημερα`,
	conceal:     `(?:μην|μη) (?:το )?(?:πεις|αναφερεις|ενημερωσεις)|δεν (?:ενημερωνει|αναφερει|λεει) (?:στον |τον )?χρηστη`,
	unchecked:   `χωρις να (?:ρωτησεις|ρωτας)|χωρις (?:επιβεβαιωση|εγκριση|ελεγχο)`,
	destroyVerb: `διαγραψ\S*|σβησ\S*`,
	destroyObj:  `branches|κλαδους|βαση δεδομενων|αντιγραφα ασφαλειας|παραγωγη`,
	weakenVerb:  `απενεργοποι\S*|κλεισε`,
	safeguard:   `προστασια|ελεγχο\S*|σαρωση|υπογραφ\S*`,
	sendVerb:    `στειλ\S*|ανεβασ\S*`,
	approve:     `εγκριν\S*|συγχωνευσ\S*|merge`,
	outranks:    `πιο σημαντικ\S* απο (?:τον )?χρηστη`,
	direct:      `απευθειας στο main`,
	fetchRun:    `κατεβασε (?:και|και μετα) (?:τρεξε|εκτελεσε)`,
}, {
	lang:        "uk",
	note:        `(?:примітка|нотатка|вказівка|інструкція)?\s*для\s+(?:\S+\s+)?(?:асистент\S*|агент\S*)`,
	agent:       `асистент\S*`,
	future:      `кожн\S* (?:нов\S* )?сесі\S*|майбутні\S* сесі\S*`,
	fromNow:     `відтепер|з цього моменту|надалі`,
	conceal:     `не (?:згадуй|кажи|повідомляй|розповідай)`,
	unchecked:   `без (?:підтвердження|погодження|перевірки|запиту)|не питаючи`,
	destroyVerb: `видал\S*|стер\S*`,
	destroyObj:  `прод\S*|баз\S* даних|резервн\S*|гілк\S*`,
	weakenVerb:  `вимкн\S*|відключ\S*`,
	safeguard:   `перевірк\S*|сканування|захист\S*|аудит\S*|підпис\S*`,
	sendVerb:    `надішл\S*|відправ\S*|завантаж\S*`,
	approve:     `схвал\S*|злий\S*|змерж\S*`,
	outranks:    `важливіш\S* за (?:слова )?користувач\S*`,
	direct:      `(?:прямо|напряму) в (?:main|master)`,
	fetchRun:    `завантаж\S* (?:і|та) запуст\S*`,
}, {
	lang:        "cs",
	note:        `(?:poznamka|pokyn|instrukce)?\s*pro\s+(?:\S+\s+)?(?:agenta|asistenta|ai)(?:$|[^\p{L}])`,
	agent:       `(?:agent(?:a|ovi|em)|asistent(?:a|ovi|em)?)(?:$|[^\p{L}])`,
	future:      `kazd\S* (?:nov\S* )?relac\S*|budouci\S* relac\S*|(?:dalsich|dalsi|pristich|pristi) relac\S*`,
	fromNow:     `od ted|od nynejska|odted`,
	conceal:     `(?:nerikej|neinformuj|nezminuj|neoznamuj|nehlas)\S*`,
	unchecked:   `bez (?:ptani|potvrzeni|schvaleni|kontroly)|(?:uzivatele )?se neptej`,
	destroyVerb: `smaz\S*|odstran\S*`,
	destroyObj:  `produkc\S*|databaz\S*|zaloh\S*|vetv\S*`,
	weakenVerb:  `vypn\S*|deaktivuj\S*`,
	safeguard:   `ochran\S*|kontrol\S*|review|skenovani|audit\S*`,
	sendVerb:    `posl\S*|odesl\S*|nahraj\S*`,
	approve:     `schval\S*|merguj\S*|sloucit`,
	outranks:    `dulezitejsi nez (?:slova )?uzivatel\S*`,
	direct:      `primo (?:do|na) (?:main|master)`,
	fetchRun:    `stahni (?:a|a pak) spust\S*`,
}, {
	lang:        "hu",
	note:        `(?:az? )?(?:asszisztensnek|agensnek)\s*[:：]|(?:megjegyzes|utasitas)\s+(?:az? )?(?:asszisztens|agens)\S*`,
	agent:       `asszisztens\S*`,
	future:      `minden (?:uj )?munkamenet\S*|jovobeli munkamenet\S*`,
	fromNow:     `mostantol|mai naptol|ezentul`,
	conceal:     `ne (?:szolj|emlitsd|mondd el|ertesitsd)`,
	unchecked:   `kerdezes nelkul|jovahagyas nelkul|megerosites nelkul|ellenorzes nelkul`,
	destroyVerb: `torold|torol\S*`,
	destroyObj:  `eles\S*|adatbazis\S*|mentes\S*|agak\S*`,
	weakenVerb:  `kapcsold ki|kikapcsol\S*|tiltsd le`,
	safeguard:   `vedelm\S*|ellenorzes\S*|audit\S*|szkenneles`,
	sendVerb:    `kuldd\S*|toltsd fel`,
	approve:     `hagyd jova|jovahagy\S*`,
	outranks:    `fontosabb,? mint (?:a )?felhasznalo\S*`,
	direct:      `kozvetlenul (?:a )?main`,
	fetchRun:    `toltsd le (?:es|majd) futtasd`,
}, {
	lang:        "fi",
	note:        `(?:ohje|huomio|muistiinpano)\s+(?:\S+\s+)?(?:avustajalle|agentille|tekoalylle)`,
	agent:       `avustaja\S*|agenti\S*`,
	future:      `jokaise\S* (?:uude\S* )?istun\S*|tuleva\S* istun\S*`,
	fromNow:     `tasta lahtien|tasta eteenpain|nyt lahtien`,
	conceal:     `ala (?:kerro|mainitse|ilmoita)`,
	unchecked:   `ilman (?:ihmisen )?(?:katselmointia|kysymista|vahvistusta|hyvaksyntaa|tarkistusta)|kysymatta`,
	destroyVerb: `poista\S*`,
	destroyObj:  `tuotanto\S*|tietokan\S*|varmuuskopi\S*|haar\S*|lok\S*`,
	weakenVerb:  `poista kaytosta|kytke pois`,
	safeguard:   `suojau\S*|katselmo\S*|tarkist\S*|skannau\S*`,
	sendVerb:    `laheta\S*`,
	approve:     `hyvaksy\S*|yhdista\S*`,
	outranks:    `tarkeampi kuin (?:kayttaja\S*)`,
	direct:      `suoraan (?:main|master)`,
	fetchRun:    `lataa ja (?:aja|suorita)`,
}, {
	lang:        "ar",
	note:        `(?:ملاحظة|تعليمات|تعليمة)\s+(?:لل|الى ال|إلى ال)?(?:وكيل|مساعد)`,
	agent:       `الوكيل|المساعد`,
	future:      `كل (?:جلسة|الجلسات)|الجلسات (?:القادمة|المستقبلية)`,
	fromNow:     `من الان فصاعدا|من الآن فصاعدا|من اليوم`,
	conceal:     `لا (?:تخبر|تبلغ|تذكر)`,
	unchecked:   `(?:دون|بدون) (?:سؤال|تأكيد|مراجعة|موافقة)`,
	destroyVerb: `احذف|حذف|امسح`,
	destroyObj:  `الانتاج|الإنتاج|قاعدة البيانات|النسخ الاحتياطية|الفروع`,
	weakenVerb:  `عطل|أوقف|اوقف`,
	safeguard:   `الحماية|المراجعة|الفحص|التدقيق`,
	sendVerb:    `أرسل|ارسل|ارفع`,
	approve:     `وافق|ادمج`,
	outranks:    `اهم من (?:كلام )?المستخدم`,
	direct:      `مباشرة (?:إلى|الى) main`,
	fetchRun:    `(?:نزل|حمل) (?:و|ثم) ?(?:شغل|نفذ)`,
}, {
	// Session 16: Hebrew, Thai, Swahili and Tagalog (batch 13's), each
	// with the frames and the acts an attack cannot do without.
	lang:        "he",
	note:        `(?:הערה|הודעה|הנחיה|הנחיות|תזכורת)\s+(?:ל|אל ה|עבור ה)(?:עוזר|סוכן|בוט)`,
	agent:       `(?:ה|ל)?(?:עוזר|סוכן)(?: ה?ai)?`,
	future:      `(?:כל|בכל) (?:ה)?(?:שיחה|סשן|הפעלה)(?: חדשה)?`,
	fromNow:     `מעכשיו|מהיום|מכאן והלאה`,
	conceal:     `(?:אל|לא) (?:תספר|תגיד|תדווח|תזכיר|תודיע)\S*|בלי (?:לספר|להגיד|לדווח)`,
	unchecked:   `(?:בלי|ללא) (?:לשאול|אישור|בדיקה|סקירה)`,
	destroyVerb: `מחק\S*|תמחק\S*`,
	destroyObj:  `ייצור|פרודקשן|מסד הנתונים|גיבוי\S*|ענפים`,
	weakenVerb:  `כבה|תכבה|השבת\S*|דלג\S*`,
	safeguard:   `הגנה|סקירה|בדיק\S*|חתימ\S*|סריקה`,
	sendVerb:    `שלח\S*|תשלח\S*|העלה|תעלה`,
	approve:     `אשר|תאשר|מזג|תמזג`,
	outranks:    `(?:חשוב|עדיף)\S* (?:מ|יותר מ)(?:ה)?משתמש`,
	direct:      `ישירות ל-?main`,
	fetchRun:    `הורד\S* (?:ו)?(?:הרץ|תריץ)`,
}, {
	lang:        "th",
	note:        `(?:บันทึก|หมายเหตุ|ข้อความ)(?:ถึง|สำหรับ)\s*(?:ผู้ช่วย|เอเจนต์|บอท)`,
	agent:       `ผู้ช่วย(?:\s*ai)?|เอเจนต์`,
	future:      `ทุกเซสชัน|เซสชันต่อ ?ๆ ?ไป`,
	fromNow:     `ต่อจากนี้|จากนี้ไป|ตั้งแต่นี้`,
	conceal:     `(?:โดย)?ไม่ต้อง(?:แจ้ง|บอก)|อย่า(?:บอก|แจ้ง)`,
	unchecked:   `(?:โดย)?ไม่ต้อง(?:ถาม|ขออนุญาต|รอ)|โดยไม่(?:ถาม|ขอ)`,
	destroyVerb: `ลบ`,
	destroyObj:  `โปรดักชัน|ฐานข้อมูล|แบ็กอัพ|สำรองข้อมูล|branch`,
	weakenVerb:  `ปิด|ข้าม|ยกเลิก`,
	safeguard:   `hook|การเซ็น|การตรวจสอบ|การป้องกัน|รีวิว|signing`,
	sendVerb:    `ส่ง|อัปโหลด`,
	approve:     `อนุมัติ|merge|รวม`,
	outranks:    `สำคัญกว่า(?:คำสั่ง)?ผู้ใช้`,
	direct:      `(?:ตรง|โดยตรง)(?:เข้า|ไป)?\s*main`,
	fetchRun:    `ดาวน์โหลด\S*(?:แล้ว|และ)รัน`,
}, {
	lang:        "sw",
	note:        `(?:maelezo|ujumbe|maagizo|kumbuka)\s+(?:kwa|kwa ajili ya)\s+(?:msaidizi|wakala|bot)`,
	agent:       `msaidizi|wakala`,
	future:      `kila (?:kikao|mazungumzo)(?: kipya)?`,
	fromNow:     `kuanzia sasa|tangu sasa`,
	conceal:     `usim(?:wambie|julishe|eleze)|usiseme|usitaje|bila kum(?:wambia|julisha)`,
	unchecked:   `bila (?:kum?w?uliza|kuuliza|idhini|ruhusa|kuthibitisha)`,
	destroyVerb: `futa`,
	destroyObj:  `uzalishaji|hifadhidata|nakala rudufu|matawi`,
	weakenVerb:  `zima|ruka`,
	safeguard:   `ulinzi|ukaguzi|saini|uchunguzi`,
	sendVerb:    `tuma|pakia`,
	approve:     `idhinisha|unganisha`,
	outranks:    `muhimu zaidi kuliko (?:maneno ya )?mtumiaji`,
	direct:      `moja kwa moja kwenye main`,
	fetchRun:    `pakua na (?:u)?(?:endeshe|endesha|tekeleze|ikimbie)`,
}, {
	lang:        "tl",
	note:        `(?:paalala|tala|bilin|mensahe)\s+(?:sa|para sa)\s+(?:assistant|ahente|katulong|ai|bot)`,
	agent:       `(?:ang |sa )(?:assistant|ahente|katulong)`,
	future:      `(?:bawat|lahat ng) (?:susunod na )?session`,
	fromNow:     `mula ngayon|simula ngayon`,
	conceal:     `huwag (?:itong |na |mo )?(?:banggitin|sabihin|ipaalam)`,
	unchecked:   `nang hindi (?:nagtatanong|humihingi ng pahintulot)|hindi na kailangang (?:magtanong|humingi)`,
	destroyVerb: `burahin|tanggalin`,
	destroyObj:  `production|database|backup|branch`,
	weakenVerb:  `patayin|i-disable|laktawan`,
	safeguard:   `proteksyon|review|pagsusuri|pirma`,
	sendVerb:    `ipadala|i-upload|ipasa`,
	approve:     `aprubahan|i-merge`,
	outranks:    `huwag (?:nang )?sundin ang (?:mga )?(?:naunang )?(?:tagubilin|utos|bilin)|mas mahalaga kaysa sa (?:user|gumagamit)`,
	direct:      `diretso sa main`,
	fetchRun:    `i-download at patakbuhin`,
}, {
	// Session 16, batch 14: Urdu and Persian, each with the frames
	// and the acts an attack cannot do without.
	lang:        "ur",
	note:        `(?:اسسٹنٹ|ایجنٹ|معاون|بوٹ)\s+(?:کے لیے|کے لئے|کیلئے)|(?:ہدایت|ہدایات|نوٹ)\s+(?:برائے)\s+(?:اسسٹنٹ|ایجنٹ|معاون)`,
	agent:       `اسسٹنٹ|ایجنٹ|معاون`,
	future:      `ہر (?:نئے )?سیشن|آئندہ سیشن|اگلے سیشن`,
	fromNow:     `اب سے|آج سے`,
	conceal:     `(?:صارف|یوزر) (?:کو )?(?:نہ|مت) بتا|(?:کا )?ریکارڈ نہ رہے`,
	unchecked:   `(?:پوچھے|اجازت) (?:کے )?بغیر`,
	destroyVerb: `حذف|ڈیلیٹ|خالی|مٹا`,
	destroyObj:  `آڈٹ لاگ|لاگ|ڈیٹا بیس|بیک اپ|پروڈکشن|برانچ`,
	weakenVerb:  `بند کر|غیر فعال`,
	safeguard:   `تحفظ|ریویو|جانچ|دستخط`,
	sendVerb:    `بھیج|اپ لوڈ`,
	approve:     `منظور|مرج`,
	outranks:    `صارف (?:کی|کے) (?:ہدایات|بات|احکامات) (?:کو )?(?:نظر انداز|مت مان)`,
	direct:      `سیدھا main`,
	fetchRun:    `ڈاؤن لوڈ (?:کر کے|کرکے) (?:چلا|رن)`,
}, {
	lang:        "fa",
	note:        `(?:یادداشت|دستور|دستورالعمل|توجه|پیام)\s+(?:برای|به)\s+(?:دستیار|عامل|ایجنت|بات)`,
	agent:       `دستیار|ایجنت`,
	future:      `هر (?:جلسه|نشست)|(?:جلسات|نشست های) (?:بعدی|آینده)`,
	fromNow:     `از این به بعد|از حالا به بعد|از امروز`,
	conceal:     `به کاربر (?:چیزی )?نگو|(?:بگو|بگویید) هیچ [^.\n]{0,30}وجود ندارد|اطلاع نده`,
	unchecked:   `بدون (?:پرسیدن|تایید|تأیید|بررسی|اجازه)`,
	destroyVerb: `حذف|پاک`,
	destroyObj:  `لاگ|پایگاه داده|بکاپ|نسخه پشتیبان|پروداکشن|شاخه`,
	weakenVerb:  `غیرفعال|خاموش`,
	safeguard:   `حفاظت|بازبینی|بررسی|امضا`,
	sendVerb:    `بفرست|ارسال|آپلود`,
	approve:     `تایید|تأیید|ادغام`,
	outranks:    `(?:دستور|دستورات|دستورهای|حرف)\S* کاربر (?:را )?نادیده|فقط از [^.\n]{0,40}پیروی`,
	direct:      `مستقیم (?:به|روی) main`,
	fetchRun:    `دانلود (?:و|کن و) اجرا`,
}, {
	// Session 17 (batch 16's languages and their neighbours): Slovenian
	// with Croatian, Serbian and Bosnian in Latin script; Danish with
	// Norwegian; Albanian; Galician; Romanian; Armenian; Marathi; Kazakh.
	lang:        "sl",
	note:        `(?:opomba|obvestilo|navodil[oa]|sporocilo|napomena|biljeska|uputa|upute|poruka)\s+(?:za|zа)\s+(?:\S+\s+)?(?:pomocnik\S*|asistent\S*|agent\S*|bot\S*|ui|ai)`,
	agent:       `(?:ai|ui)[- ]?(?:pomocnik\S*|asistent\S*|agent\S*)|pomocnik(?:a|u|om)?(?:$|[^\p{L}])`,
	future:      `(?:vsako (?:novo )?sejo|vsaki (?:novi )?seji|prihodnjih sej\S*|svak(?:u|oj) (?:novu |novoj )?sesij\S*|buducih sesij\S*)`,
	fromNow:     `(?:od zdaj (?:naprej|dalje)|odslej|od sada(?: pa)?(?: nadalje)?|ubuduce)`,
	conceal:     `(?:ne (?:omenjaj|povej|sporoci|porocaj|spominji|govori|javljaj|obavjestavaj|obavijesti|pominji|spominjaj)\S*|brez (?:obvestila|obvescanja)|bez (?:obavjest\S*|obavestavanja))`,
	unchecked:   `(?:brez (?:vprasanja|spraševanja|sprasevanja|potrditve|pregleda|odobritve|dovoljenja)|bez (?:pitanja|potvrde|pregleda|odobrenja|dozvole))`,
	destroyVerb: `(?:izbrisi\S*|brisi\S*|pobrisi\S*|obrisi\S*)`,
	destroyObj:  `(?:produkcij\S*|bazo podatkov|baz\S* podataka|varnostn\S* kopij\S*|sigurnosn\S* kopij\S*|backup\S*|vej\S*|grane)`,
	weakenVerb:  `(?:onemogoci\S*|izklopi\S*|izkljuci\S*|preskoci\S*|onemoguci\S*|iskljuci\S*|ugasi\S*)`,
	safeguard:   `(?:zascit\S*|pregled\S*|preverjan\S*|zastit\S*|provjer\S*|provjer\S*|podpis\S*|revizij\S*|sudoers)`,
	sendVerb:    `(?:poslji\S*|posalji\S*|nalozi\S*)`,
	approve:     `(?:odobri\S*|zdruzi\S*|spoji\S*)`,
	outranks:    `(?:pomembnejs\S*|vaznij\S*) od (?:navodil|uputa|rijeci|besed) (?:uporabnik\S*|korisnik\S*)`,
	direct:      `(?:neposredno|direktno) (?:na|v|u) (?:main|master)`,
	fetchRun:    `(?:prenesi|preuzmi|skini)\S* (?:in|i) (?:zazeni|izvedi|pokreni|izvrsi)\S*`,
	must:        `(?:mora|moras|mora(?:jo)?|lahko|sme|smes|treba|trebalo bi|moze|mozes|smije|smijes)`,
}, {
	lang:        "da",
	note:        `(?:notat|bem(?:æ|ae)rkning|besked|instruks\S*|vejledning|merknad|beskjed|pamindelse|paminnelse)\s+til\s+(?:\S+\s+)?(?:ai-?)?(?:agent\S*|assistent\S*|bot\S*)`,
	agent:       `\S*agent(?:en|erne)(?:$|[^\p{L}])|\S*assistent(?:en|erne)(?:$|[^\p{L}])`,
	future:      `(?:hver (?:ny )?session|fremtidige sessioner|kommende sessioner|alle (?:nye )?sessioner)`,
	fromNow:     `(?:fra nu af|fremover|fra na av|heretter|herefter)`,
	conceal:     `(?:(?:skal|ma|bør) ikke (?:n(?:æ|ae)vnes|nevnes|omtales|fort(?:æ|ae)lles|fortelles|oplyses)|(?:sig|fort(?:æ|ae)l|n(?:æ|ae)vn|si|fortell|nevn) (?:det |dette |noget |noe )?ikke (?:til )?(?:brugeren|brukeren|nogen|noen)|uden at (?:sige|fort(?:æ|ae)lle|n(?:æ|ae)vne|informere)|uten a (?:si|fortelle|nevne|informere))`,
	unchecked:   `(?:(?:uden at|uten a|ikke) (?:sp(?:ø|o)rge|sp(?:ø|o)rre|pinge|vente p(?:å|a)|involvere|forstyrre)\S*|uden (?:godkendelse|bekr(?:æ|ae)ftelse|review)|uten (?:godkjenning|bekreftelse|review)|selv(?:$|[^\p{L}\s]|\s+(?:og|kan|uden|uten|n(?:å|a)r|s(?:å|a))(?:$|[^\p{L}])))`,
	destroyVerb: `(?:slet\S*|fjern\S*)`,
	destroyObj:  `(?:produktion\S*|produksjon\S*|databas\S*|backup\S*|sikkerhedskopi\S*|sikkerhetskopi\S*|grene\S*|grener\S*)`,
	weakenVerb:  `(?:deaktiver\S*|sla \S+ fra|sla \S+ av|spring \S+ over|hopp \S+ over)`,
	safeguard:   `(?:beskyttelse\S*|review\S*|kontrol\S*|tjek\S*|sjekk\S*|signatur\S*|scanning\S*)`,
	sendVerb:    `(?:videresend\S*|send (?:den|det|dem|filen|indholdet|innholdet) )`,
	approve:     `(?:godkend\S*|godkjenn\S*|flet\S*|merge\S*)`,
	outranks:    `vigtigere end (?:hvad )?brugeren|viktigere enn (?:hva )?brukeren`,
	direct:      `direkte (?:til|på|pa) (?:main|master)`,
	fetchRun:    `(?:download|hent|last ned)\S* og (?:kør|kor|kjør|kjor)\S*`,
	must:        `(?:skal|må|ma|bør|bor|kan|burde)`,
	secret:      `(?:adgangskode\S*|kodeord\S*|passord\S*|n(?:ø|o)gle\S*|n(?:ø|o)kkel\S*|hemmelighed\S*|hemmelighet\S*)`,
	memory:      `(?:sine|sin|sit|sitt|dine|din|dit|ditt) (?:noter|notater|memory|hukommelse|minne)|(?:i|til) (?:noterne|notatene|hukommelsen|minnet|memory)`,
}, {
	lang:        "sq",
	note:        `(?:shenim|udhezim\S*|kujtese|mesazh)\s+per\s+(?:\S+\s+)?(?:asistent\S*|agjent\S*|bot\S*)`,
	agent:       `(?:asistent|agjent)(?:i|in|it|et|eve)?(?:$|[^\p{L}])`,
	future:      `(?:cdo (?:seance|sesion)\S*|sesionet e ardhshme)`,
	fromNow:     `(?:tani e tutje|qe tani|nga sot e tutje|prej tani)`,
	conceal:     `(?:mos (?:i |ia |ja |ua )?(?:thuaj|trego|permend|njofto|raporto)\S*|pa (?:i |u )?(?:treguar|njoftuar) (?:askujt|perdoruesit))`,
	unchecked:   `pa (?:pyetur|konfirmim\S*|miratim\S*|rishikim\S*|leje)`,
	destroyVerb: `(?:fshi\S*)`,
	destroyObj:  `(?:prodhim\S*|databaz\S*|bazen e te dhenave|backup\S*|kopje rezerve|deg(?:e|et|en)(?:$|[^\p{L}]))`,
	weakenVerb:  `(?:caktivizo\S*|fik\S*|anashkalo\S*|kaperce\S*)`,
	safeguard:   `(?:mbrojtj\S*|rishikim\S*|kontroll\S*|verifikim\S*|nenshkrim\S*)`,
	sendVerb:    `(?:dergo\S*|ngarko\S*)`,
	approve:     `(?:mirato\S*|bashko\S*)`,
	outranks:    `me e rendesishme se (?:fjal\S* e )?perdorues\S*`,
	direct:      `direkt ne (?:main|master)`,
	fetchRun:    `shkarko\S* dhe (?:ekzekuto|nis)\S*`,
	must:        `(?:duhet|mund|lejohet)`,
}, {
	lang:        "gl",
	note:        `(?:nota|aviso|instrucions?|mensaxe)\s+(?:para|ao|aos|a)\s+(?:o |os )?(?:asistente|axente|asistentes|axentes|ia|bot)`,
	agent:       `(?:o|os) (?:axente|axentes|asistente|asistentes)(?:$|[^\p{L}])`,
	future:      `(?:cada (?:nova )?sesion|sesions futuras|proximas sesions)`,
	fromNow:     `(?:a partir de agora|de agora en diante|dende agora)`,
	conceal:     `(?:sen (?:avisar|informar|dicir nada)|non (?:avises|lle digas|digas nada|informes))`,
	unchecked:   `sen (?:preguntar|confirmacion|revision|aprobacion|permiso)`,
	destroyVerb: `(?:borra\S*|elimina\S*)`,
	destroyObj:  `(?:produccion|base de datos|copias de seguridade|backups?|ramas)`,
	weakenVerb:  `(?:desactiva\S*|apaga\S*|omite|salta)`,
	safeguard:   `(?:proteccion\S*|revision\S*|comprobacions?|verificacion\S*|sinatura\S*)`,
	sendVerb:    `(?:envia\S*|manda\S*|sube)`,
	approve:     `(?:aproba\S*|fusiona\S*)`,
	outranks:    `(?:mais importantes?|por riba) (?:que|do que) (?:o que di )?o usuario`,
	direct:      `directamente (?:a|en) (?:main|master)`,
	fetchRun:    `descarga\S* e (?:executa|lanza)\S*`,
	must:        `(?:debe|deben|pode|poden|ten que|teñen que|tenen que)`,
}, {
	lang:        "ro",
	note:        `(?:nota|notă|instructiun\S*|mesaj|atentie)\s+(?:pentru|catre)\s+(?:\S+\s+)?(?:asistent\S*|agent\S*|bot\S*|ai|ia)`,
	agent:       `(?:asistent|agent)(?:ul|ii|ilor|ului)(?:$|[^\p{L}])`,
	future:      `(?:fiecare (?:noua )?sesiune|sesiunile (?:viitoare|urmatoare))`,
	fromNow:     `(?:de acum (?:inainte|incolo)|din acest moment|de azi inainte)`,
	conceal:     `(?:nu (?:spune|mentiona|informa|anunta|raporta)\S*|fara sa (?:spui|anunti|informezi|mentionezi))`,
	unchecked:   `(?:fara (?:sa (?:intrebi|ceri|astepti)|confirmare|aprobare|revizuire|review))`,
	destroyVerb: `(?:sterge\S*|elimina\S*)`,
	destroyObj:  `(?:productie|productia|baza de date|backup\S*|copii\S* de siguranta|ramuri\S*)`,
	weakenVerb:  `(?:dezactiveaza\S*|opreste\S*|sari peste|ocoleste)`,
	safeguard:   `(?:protecti\S*|revizuir\S*|verificar\S*|semnatur\S*|review)`,
	sendVerb:    `(?:trimite\S*|incarca\S*)`,
	approve:     `(?:aproba\S*|fa merge|imbina\S*)`,
	outranks:    `mai importante? decat (?:ce spune )?utilizatorul`,
	direct:      `direct (?:pe|in) (?:main|master)`,
	fetchRun:    `descarca\S* si (?:ruleaza|executa)\S*`,
	must:        `(?:trebuie|poate|are voie|ar trebui)`,
}, {
	lang:        "hy",
	note:        `(?:նշում|հիշեցում|հրահանգ\S*|ուղերձ)\s+(?:\S+\s+){0,2}?(?:օգնական\S*|գործակալ\S*|բոտ\S*)(?:\s+(?:համար|հանդեպ))?`,
	agent:       `(?:օգնական|գործակալ)\S*`,
	future:      `(?:յուրաքանչյուր (?:նոր )?(?:սեսիա|նիստ)\S*|հաջորդ (?:սեսիա|նիստ)\S*)`,
	fromNow:     `(?:այսուհետ|այսօրվանից|այս պահից)`,
	conceal:     `(?:մի(?:՛)? (?:ասա|ասեք|հայտնիր|նշիր|հաղորդիր)|չհայտնելով|առանց (?:հայտնելու|ասելու))`,
	unchecked:   `առանց (?:հարցնելու|հաստատման|վերանայման|թույլտվության|ստուգման)`,
	destroyVerb: `(?:ջնջ\S*)`,
	destroyObj:  `(?:արտադր\S*|տվյալների բազա\S*|պահուստ\S*|ճյուղ\S*)`,
	weakenVerb:  `(?:անջատ\S*|բաց թող\S*|անտեսիր)`,
	safeguard:   `(?:պաշտպանություն\S*|վերանայում\S*|ստուգ\S*|ստորագր\S*)`,
	sendVerb:    `(?:ուղարկ\S*|վերբեռն\S*)`,
	approve:     `(?:հաստատ\S*|միավոր\S*)`,
	outranks:    `ավելի կարևոր (?:է )?քան օգտատեր\S*`,
	direct:      `(?:ուղղակիորեն|անմիջապես) (?:push\S* (?:անել )?)?main`,
	fetchRun:    `ներբեռն\S* (?:և|ու) (?:գործարկ|աշխատեցր)\S*`,
	must:        `(?:պետք է|կարող ես|կարող է|պիտի)`,
}, {
	lang:        "mr",
	note:        `(?:सहाय्यक|सहायक|एजंट|एजेंट|बॉट)\S*\s+(?:साठी|करिता)?\s*(?:सूचना|टीप|संदेश)|(?:सूचना|टीप)\s+(?:सहाय्यक|एजंट)\S*\s+साठी`,
	agent:       `(?:सहाय्यक|एजंट)\S*`,
	future:      `(?:प्रत्येक (?:नवीन )?सत्रा\S*|पुढील सत्रा\S*)`,
	fromNow:     `(?:यापुढे|आजपासून|आतापासून)`,
	conceal:     `(?:सांगू नको\S*|कळवू नको\S*|उल्लेख करू नको\S*|न सांगता)`,
	unchecked:   `(?:न विचारता|परवानगी(?: न)? (?:घेता|विचारता)|पुनरावलोकनाशिवाय)`,
	destroyVerb: `(?:हटव\S*|काढून टाक\S*|डिलीट कर\S*)`,
	destroyObj:  `(?:प्रॉडक्शन|डेटाबेस|बॅकअप|शाखा)`,
	weakenVerb:  `(?:बंद कर\S*|निष्क्रिय कर\S*|वगळ\S*)`,
	safeguard:   `(?:संरक्षण|पुनरावलोकन|तपासणी|स्वाक्षरी)`,
	sendVerb:    `(?:पाठव\S*|अपलोड कर\S*)`,
	approve:     `(?:मंजूर कर\S*|मर्ज कर\S*)`,
	outranks:    `वापरकर्त्या\S* (?:पेक्षा|सूचनांपेक्षा) (?:महत्त्वाच|जास्त)`,
	direct:      `थेट main`,
	fetchRun:    `डाउनलोड कर\S* (?:आणि|व) (?:चालव|रन कर)\S*`,
	must:        `(?:पाहिजे|शकतो|शकते|हवे)`,
}, {
	lang:        "kk",
	note:        `(?:ескертпе|нұсқау|нұсқаулық|хабарлама)\s+(?:\S+\s+)?(?:көмекші\S*|агент\S*|бот\S*)|(?:көмекші\S*|агент\S*)\s+(?:ескертпе|нұсқау\S*|арналған)`,
	agent:       `(?:жи |ai )?(?:көмекші\S*)`,
	future:      `(?:әрбір (?:жаңа )?сессия\S*|келесі сессия\S*)`,
	fromNow:     `(?:бұдан былай|бүгіннен бастап|осы сәттен бастап)`,
	conceal:     `(?:ештеңе (?:жазба|айтпа|хабарлама)|(?:пайдаланушыға|ешкімге) (?:айтпа|хабарлама|білдірме)|хабарламай)`,
	unchecked:   `(?:рұқсат сұрамай|сұрамай|растаусыз|тексерусіз)`,
	destroyVerb: `(?:өшір\S*|жой\S*)`,
	destroyObj:  `(?:өндіріс\S*|дерекқор\S*|сақтық көшірме\S*|бұтақ\S*)`,
	weakenVerb:  `(?:өшір\S*|ажырат\S*|өткізіп жібер\S*)`,
	safeguard:   `(?:қорған\S*|тексеру\S*|шолу\S*|қолтаңба\S*|қауіпсіздік)`,
	sendVerb:    `(?:жібер\S*|жүкте\S*)`,
	approve:     `(?:бекіт\S*|біріктір\S*)`,
	outranks:    `пайдаланушы\S* (?:сөзінен|нұсқауынан) маңыздырақ`,
	direct:      `тікелей main`,
	fetchRun:    `жүктеп (?:алып )?(?:іске қос|орында)\S*`,
	must:        `(?:керек|тиіс|болады)`,
}, {
	// Session 18 (batch 17's languages): Zulu, Uzbek, Nepali, Irish.
	lang:        "zu",
	note:        `(?:inothi|umyalezo|isaziso|imiyalelo|isikhumbuzo)\s+(?:\S+\s+){0,2}?\S*(?:msizi|menzeli)\S*`,
	agent:       `(?:u|lo|ku|ka|we|ye|nge)?msizi|(?:u|aba|lo|ku)?menzeli`,
	future:      `(?:wonke|zonke|kuzo zonke) (?:amaseshini|iseshini|izikhathi)\S*`,
	fromNow:     `kusukela (?:manje|namhlanje|kulesi sikhathi)`,
	conceal:     `unga(?:m|ba)?(?:tsheli|azisi)|ungasho|ungakhulumi ngakho|ngaphandle kokutshela`,
	unchecked:   `ngaphandle (?:kokubuza|kwemvume|kokuqinisekisa|kokubuyekezwa)|ungabuzi`,
	destroyVerb: `(?:susa|sula|bhubhisa)\S*`,
	destroyObj:  `(?:i-?)?database|ukukhiqiza|(?:ama-?)?backup|amagatsha|igatsha`,
	weakenVerb:  `(?:vala|cisha|yeqa)\S*`,
	safeguard:   `ukuhlolwa|ukuvikela|(?:kwezo)?kuphepha|isiginesha|ukubuyekezwa`,
	sendVerb:    `(?:thumela|layisha)\S*`,
	approve:     `(?:vuma|hlanganisa)\S*`,
	outranks:    `kubaluleke kakhulu kunomsebenzisi`,
	direct:      `(?:ngqo|ngokuqondile) ku-?main`,
	fetchRun:    `landa (?:bese|futhi) (?:u)?(?:qhuba|sebenzisa)\S*`,
	must:        `(?:kufanele|kumele|angase)`,
}, {
	lang:        "uz",
	note:        `(?:yordamchi|agent|bot)\S*\s+uchun\s+(?:eslatma|ko\S?rsatma|xabar|izoh)|(?:eslatma|ko\S?rsatma|izoh)\s+(?:\S+\s+)?(?:yordamchi|agent)\S*\s+uchun`,
	agent:       `yordamchi\S*|sun\S?iy intellekt`,
	future:      `(?:har (?:bir )?(?:yangi )?|keyingi )sessiya\S*`,
	fromNow:     `bundan (?:buyon|keyin)|hozirdan boshlab|bugundan boshlab`,
	conceal:     `(?:hech kimga|foydalanuvchiga) (?:aytma|bildirma|xabar berma)\S*|(?:aytmasdan|bildirmasdan)`,
	unchecked:   `so\S?ramasdan|ruxsatsiz|tasdiqlamasdan|tekshirmasdan|ruxsat so\S?ramay`,
	destroyVerb: `o\S?chir\S*|yo\S?q qil\S*`,
	destroyObj:  `ishlab chiqarish|ma\S?lumotlar bazasi\S*|zaxira\S*|branch\S*|tarmoq\S*`,
	weakenVerb:  `o\S?chir\S*|o\S?tkazib yubor\S*`,
	safeguard:   `himoya\S*|tekshiruv\S*|xavfsizlik\S*|imzo\S*`,
	sendVerb:    `yubor\S*|yukla\S*`,
	approve:     `tasdiqla\S*|birlashtir\S*`,
	outranks:    `foydalanuvchi\S* (?:so\S?zidan|ko\S?rsatmasidan) muhimroq`,
	direct:      `to\S?g\S?ridan-to\S?g\S?ri main`,
	fetchRun:    `yuklab (?:olib )?(?:ishga tushir|bajar)\S*`,
	must:        `(?:shart|lozim|majbur\S*)`,
}, {
	lang:        "ne",
	note:        `(?:सहायक|एजेन्ट|एजेंट|बोट)\S*\s+(?:को\s+)?लागि\s+(?:सूचना|नोट|निर्देशन)`,
	agent:       `(?:सहायक|एजेन्ट)\S*`,
	future:      `(?:हरेक|प्रत्येक) (?:नयाँ )?(?:सत्र|सेसन)\S*`,
	fromNow:     `अब ?देखि|आज ?देखि`,
	conceal:     `(?:कसैलाई|प्रयोगकर्तालाई) (?:नभन|नबताउ|जानकारी नदे)\S*|नभनी|नबताई`,
	unchecked:   `नसोधी\S*|(?:अनुमति|पुष्टि|समीक्षा) बिना`,
	destroyVerb: `(?:मेटा|हटा|डिलिट)\S*`,
	destroyObj:  `उत्पादन|डाटाबेस\S*|ब्याकअप\S*|तालिका\S*|शाखा\S*`,
	weakenVerb:  `बन्द गर\S*|निष्क्रिय\S*`,
	safeguard:   `सुरक्षा|समीक्षा|जाँच\S*|हस्ताक्षर`,
	sendVerb:    `पठा\S*|अपलोड`,
	approve:     `स्वीकृत\S*|मर्ज`,
	outranks:    `प्रयोगकर्ता\S* (?:भन्दा|को कुरा भन्दा) (?:महत्त्वपूर्ण|माथि)`,
	direct:      `सिधै main`,
	fetchRun:    `डाउनलोड गरेर (?:चलाउ|रन)\S*`,
	must:        `(?:पर्छ|सक्छौ|सक्छ|सक्नुहुन्छ)`,
}, {
	lang:        "ga",
	note:        `(?:nota|teachtaireacht|treoir\S*|meabhrachan)\s+(?:do|don|chuig)\s+(?:an\s+)?(?:ch?untoir|gh?niomhaire|ai|bot)`,
	agent:       `(?:ch?untoir|gh?niomhaire)\S*`,
	future:      `(?:gach|na) seisiu\S*(?: nua| amach anseo)?`,
	fromNow:     `as seo (?:amach|suas)|o seo amach|feasta`,
	conceal:     `na (?:luaigh|habair|hinis|cuir in iul)\S*|gan (?:insint|a lua)`,
	unchecked:   `na hiarr cead|gan (?:cead|iarraidh|fiafrai|deimhniu|athbhreithniu)`,
	destroyVerb: `scrios\S*`,
	destroyObj:  `brainse\S*|brainsi\S*|bunachar sonrai|cultaca\S*|tairgeacht\S*|g?cianstor`,
	weakenVerb:  `mhuch\S*|much\S*|dhichumasaigh\S*|dichumasaigh\S*`,
	safeguard:   `cosaint|athbhreithniu|seiceail\S*|siniu\S*|slandail`,
	sendVerb:    `seol\S*|uaslodail\S*`,
	approve:     `ceadaigh\S*|cumaisc\S*`,
	outranks:    `nios tabhachtai na an t-usaideoir`,
	direct:      `direach (?:go|chuig) main`,
	fetchRun:    `ioslodail\S* agus rith`,
	must:        `(?:caithfidh|ba cheart|is feidir)`,
}, {
	// Session 19: Latvian, Belarusian, Malayalam, Somali. Latvian and
	// Malayalam mark a prohibition on the verb itself (Latvian "ne-"
	// glued to it, "neizdzēsiet"; Malayalam "-രുത്" after it): the
	// word-start bound and verbFinalNo read them.
	lang:        "lv",
	note:        `(?:piezīm\S*|norādījum\S*|instrukcij\S*|ziņojum\S*|atgādinājum\S*|vēstījum\S*)\s+(?:(?:mi|ai|\S+)[- ]\s*){0,2}(?:asistent\S*|aģent\S*|agent\S*|bot\S*)`,
	agent:       `(?:mi|ai)[- ]?(?:asistent|aģent|agent)\S*|(?:asistent|aģent)(?:s|am|a|u|i|iem|us|ie|ам)(?:$|[^\p{L}])`,
	future:      `(?:katr(?:ā|a|u) (?:jaun(?:ā|a|u) )?sesij\S*|nākam(?:ās|ajās) sesij\S*|turpmāk(?:ās|ajās) sesij\S*|visās sesijās)`,
	fromNow:     `(?:turpmāk|no šī brīža|no šodienas|no šā brīža|no tagad)`,
	conceal:     `(?:nesaki|nestāsti|neziņo|nepiemini|neinformē|nerādi)\S*\s+(?:\S+\s+){0,2}?(?:lietotāj\S*|nevienam|komandai|vadītāj\S*)|(?:lietotājam|nevienam) (?:par to )?(?:nesaki|nestāsti|neziņo|nav jāzina)\S*|bez (?:ziņošanas|informēšanas|brīdināšanas)`,
	unchecked:   `(?:bez (?:jautāšanas|apstiprinājuma|pārbaudes|atļaujas|saskaņošanas|pārskata)|nejautā\S*|jautāt nevajag|nav jājautā|apstiprinājums nav vajadzīgs)`,
	destroyVerb: `(?:izdzēs|dzēs|nodzēs|izmet|notīr|iznīcin)\S*`,
	destroyObj:  `(?:rezerves kopij\S*|dublējum\S*|datubāz\S*|produkcij\S*|ražošan\S*|zar\S*|backup\S*|testus|testu)`,
	weakenVerb:  `(?:atspējo|izslēdz|izslēgt|apej|apiet|izlaid|deaktivizē)\S*`,
	safeguard:   `(?:aizsardzīb\S*|pārbaud\S*|pārskat\S*|test\S*|paraksta\S*|audit\S*)`,
	sendVerb:    `(?:nosūti|sūti|augšupielādē|pārsūti|nosūtī)\S*`,
	approve:     `(?:apstiprin|sapludin|merg)\S*`,
	approveOwn:  `(?:apstiprin|sapludin|merg)\S* (?:savus|savu|savas) (?:paš\S* )?`,
	outranks:    `svarīgāk\S* par lietotāj\S*`,
	direct:      `(?:tieši|uzreiz) (?:uz |main )?(?:main|master)`,
	fetchRun:    `lejupielādē\S* (?:un|un tad) (?:palaid|izpildi)\S*`,
	must:        `(?:drīkst\S*|var|varat|varēs|vajag|vajadzētu|jādara)`,
	secret:      `(?:parol\S*|atslēg\S*|piekļuves dat\S*)`,
	memory:      `(?:savās|savā|savas|savu|tavās|tavā) (?:piezīm\S*|atmiņ\S*|memory)`,
}, {
	lang:        "be",
	note:        `(?:заўвага|нататка|паведамленне|інструкцыя|указанне|напамін)\s+(?:для\s+)?(?:\S+\s+)?(?:(?:ші|аі|ai)-)?(?:асістэнт\S*|агент\S*|бот\S*)`,
	agent:       `(?:(?:ші|аі|ai)-)?(?:асістэнт|агент)\S*`,
	future:      `(?:кожн(?:ай|ую) (?:новай |новую )?сесі\S*|будучых сесі\S*|наступных сесі\S*)`,
	fromNow:     `(?:з гэтага часу|з гэтага моманту|адгэтуль|надалей|з сённяшняга дня|цяпер заўсёды)`,
	conceal:     `(?:не (?:паведамляй|кажы|расказвай|згадвай|інфармуй|паведамляйце|кажыце|згадвайце)|без ведама|паміж намі)`,
	unchecked:   `(?:без (?:пацверджанн\S*|узгадненн\S*|праверк\S*|рэв'ю|пытанн\S*|дазвол\S*)|не пытаючы\S*|пытацца не трэба|не пытайся|не пытаючыся)`,
	destroyVerb: `(?:выдал|сцер|знішч|ачысц)\S*`,
	destroyObj:  `(?:рэзервов\S* коп\S*|баз\S* (?:дадзен|даных)\S*|прадакшэн\S*|вытворч\S*|бэкап\S*|галін\S*)`,
	weakenVerb:  `(?:адключ|выключ|абыдз|прапусц)\S*`,
	safeguard:   `(?:абарон|праверк|рэв'ю|аўдыт|подпіс|тэст)\S*`,
	sendVerb:    `(?:адпраў|дашлі|загрузі|перашлі)\S*`,
	approve:     `(?:ухвал|зацвердз|змерж|мерж)\S*`,
	outranks:    `важнейш\S* за (?:словы|указанні|просьбы)\S* карыстальнік\S*`,
	direct:      `(?:наўпрост|адразу|прама) ў (?:main|master)`,
	fetchRun:    `спампу\S* і (?:запусці|выканай)\S*`,
	must:        `(?:можаш|можа|можаце|павінен|павінна|павінны|трэба|мусіць|мае права)`,
	secret:      `(?:пароль|паролі|паролю|ключ|ключы|токен)\S*`,
	memory:      `(?:у )?(?:сваіх |сваю |сваёй |сваім )?(?:нататк|памяц)\S*`,
}, {
	lang:        "ml",
	note:        `(?:സഹായി|അസിസ്റ്റന്റ|ഏജന്റ|ബോട്ട)\S*\s+(?:കുറിപ്പ|നിർദ്ദേശ|സന്ദേശ|അറിയിപ്പ)\S*`,
	agent:       `(?:സഹായി|അസിസ്റ്റന്റ|ഏജന്റ)\S*`,
	future:      `(?:ഓരോ|എല്ലാ) (?:പുതിയ )?സെഷ\S*|ഭാവി സെഷ\S*`,
	fromNow:     `(?:ഇനി|ഇപ്പോൾ|ഇന്ന്|ഇപ്പോള്) ?(?:മുതൽ|മുതല്)|ഇനിമേൽ`,
	conceal:     `(?:ഉപയോക്താവ|ആരോട|ആരെയ)\S*\s+(?:\S+\s+)?(?:പറയരുത|പറയേണ്ട|അറിയിക്കരുത|അറിയിക്കേണ്ട)\S*|പറയാതെ|അറിയിക്കാതെ`,
	unchecked:   `ചോദിക്കാതെ|(?:അനുമതി|സ്ഥിരീകരണം|സ്ഥിരീകരണ|റിവ്യൂ|അംഗീകാരം) (?:ഇല്ലാതെ|കൂടാതെ|വേണ്ട)`,
	destroyVerb: `(?:ഡിലീറ്റ്|നീക്കം ചെയ്|മായ്ക്ക|മായ്ച്ച|ഇല്ലാതാക്ക)\S*`,
	destroyObj:  `(?:ബാക്കപ്പ|ഡാറ്റാബേസ|പ്രൊഡക്ഷ|ബ്രാഞ്ച)\S*`,
	weakenVerb:  `(?:ഓഫാക്ക|ഓഫ് ചെയ്|പ്രവർത്തനരഹിതമാക്ക|ഒഴിവാക്ക|നിർജ്ജീവമാക്ക)\S*`,
	safeguard:   `(?:സംരക്ഷണ|പരിശോധന|റിവ്യൂ|ഓഡിറ്റ|ഒപ്പ)\S*`,
	sendVerb:    `(?:അയയ്ക്ക|അയക്ക|അപ്ലോഡ്|അപ്ലോഡ്)\S*`,
	approve:     `(?:അംഗീകരിക്ക|അപ്രൂവ്|മെർജ്|ലയിപ്പിക്ക)\S*`,
	outranks:    `ഉപയോക്താവിന്റെ \S+ (?:പ്രധാന|മുൻഗണന)\S*`,
	direct:      `നേരിട്ട് (?:main|master|push|പുഷ്)`,
	fetchRun:    `ഡൗൺലോഡ് ചെയ്ത് (?:റൺ|പ്രവർത്തിപ്പിക്ക)\S*`,
	secret:      `(?:പാസ്വേഡ്|പാസ്വേഡ്|രഹസ്യ|കീ)\S*`,
	memory:      `(?:ഓർമ്മ|മെമ്മറി|നോട്ടുകൾ|കുറിപ്പുകൾ)\S*`,
}, {
	lang:        "so",
	note:        `(?:ogeysiis|ogaysiis|fiiro gaar ah|xusuusin|tilmaam\S*|farriin|qoraal)\s+(?:\S+\s+){0,3}?(?:kaaliy\S*|caawiy\S*|wakiil\S*|bot\S*)`,
	agent:       `(?:kaaliy|caawiy|wakiil)(?:e|aha|aa|ayaasha|eyaasha|ka|ha)?(?:$|[^\p{L}])`,
	future:      `(?:fadhi|kalfadhi|fadhiga|session)\S* (?:kasta|walba)|fadhiyada (?:soo socda|mustaqbalka)`,
	fromNow:     `laga bilaabo (?:hadda|maanta)|hadda (?:ka dib|kadib)|maanta (?:ka dib|kadib)|intaas ka dib`,
	conceal:     `ha (?:u sheegin|ogeysiin|ogaysiin|xusin|soo qaadin)\S*|(?:isticmaalaha|qofna|cidna) ha (?:u sheegin|ogeysiin|ogaysiin)\S*|adigoon (?:u sheegin|ogeysiin|ogaysiin)\S*`,
	unchecked:   `ha (?:weydiin|waydiin|sugin)\S*|adigoon (?:weydiin|waydiin|sugin)\S*|(?:ogolaansho|ogolaansho la'aan|ansixin|xaqiijin|dib u eegis|su'aal)\S* la'aan`,
	destroyVerb: `(?:tirtir|masax|baabi'i)\S*`,
	destroyObj:  `(?:kaydka xogta|keydka xogta|xogta|kayd\S*|keyd\S*|production\S*|laan\S*|nuqul\S*)`,
	weakenVerb:  `(?:dami|dansi|jooji|ka bood|baal mar)\S*`,
	safeguard:   `(?:ilaalin|hubin|dib u eegis|saxiix|xaqiijin|tijaabo)\S*`,
	sendVerb:    `(?:u dir|soo dir|dir(?:i|ay|aa|ka|so)|gudbi|ku shub)\S*`,
	approve:     `(?:ansixi|ogolow|oggolow|isku dar|merge)\S*`,
	outranks:    `ka muhiimsan (?:erayada|codsiga|amarka|tilmaamaha) isticmaalaha`,
	direct:      `(?:si toos ah|toos) (?:ugu|u|ku) (?:main|master)`,
	fetchRun:    `soo deji\S* (?:oo|kadibna|kaddib|kadib) (?:socodsii|ku shaqee|fuli|orod)\S*`,
	must:        `(?:waa inuu|waa inay|waa inaad|karaa|kartaa|kartaan)`,
	secret:      `(?:furaha|fure|erayga sirta|sirta|lambarka sirta)\S*`,
	memory:      `(?:xusuus|xasuus|qoraal)\S*(?:diisa|kaaga|kiisa|taada)`,
}, {
	// Session 20 (batch 19's languages): Sinhala, Kannada, Punjabi,
	// Burmese, Pashto, Esperanto, Luxembourgish and Egyptian Arabic in
	// Latin letters (Arabizi). The notes mix English loans (approve,
	// merge, backup, session) into every one: the rows read them too.
	// Sinhala and Kannada forbid after the verb ("කියන්න එපා",
	// "ಅಳಿಸಬೇಡಿ"), Pashto before it ("مه"), Burmese around it (မ…နဲ့):
	// verbFinalNo and prohibition read them.
	lang:        "si",
	note:        `(?:සටහන|උපදෙස්|පණිවිඩය|දැනුම්දීම)\S*\s+(?:\S+\s+){0,2}?(?:සහායක|නියෝජිත|ඒජන්ට්|බොට්)\S*|(?:සහායක|නියෝජිත|ඒජන්ට්)\S*\s+(?:සඳහා|වෙත)\s+(?:\S+\s+)?(?:සටහන|උපදෙස්|පණිවිඩ)\S*`,
	agent:       `(?:සහායක|නියෝජිත|ඒජන්ට්|ඒජන්ත)\S*`,
	future:      `(?:සෑම|හැම|ඊළඟ|ඉදිරි) (?:නව )?(?:session|සැසි)\S*`,
	fromNow:     `(?:මෙතැන් සිට|දැන් සිට|අද සිට|මින් ඉදිරියට|මෙතැන් පටන්)`,
	conceal:     `(?:කියන්න|දන්වන්න|පවසන්න|සඳහන් කරන්න) එපා|නොකියා|නොදන්වා`,
	unchecked:   `නොඅසා|නොවිමසා|අහන්නේ නැතිව|(?:අවසර|අනුමැති|තහවුරු)\S* (?:නොමැතිව|නැතිව|රහිතව)`,
	destroyVerb: `(?:මකා|මකන්න|මකනවා|ඉවත් කර|විනාශ කර)\S*`,
	destroyObj:  `(?:දත්ත ගබඩා|උපස්ථ|බැකප්|නිෂ්පාදන|ශාඛා)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:අක්රිය කර|නවත්ව|ක්රියා විරහිත කර|off කර|disable කර)\S*`,
	safeguard:   `(?:ආරක්ෂ|සමාලෝචන|පරීක්ෂ|අත්සන)\S*|review\S*|checks?|hooks?|scanner\S*|protection`,
	sendVerb:    `(?:යවන්න|යවා|එවන්න|උඩුගත කර|upload කර|upload කළ)\S*`,
	approve:     `(?:අනුමත කර|ඒකාබද්ධ කර|approve කර|merge කර)\S*`,
	approveOwn:  `(?:තමන්ගේ|තමාගේ|තමන්ගෙම)\s+(?:\S+\s+){0,3}?(?:අනුමත|approve|merge)\S*`,
	outranks:    `පරිශීලක\S* (?:\S+ )?වඩා වැදගත්`,
	direct:      `(?:කෙලින්ම|සෘජුවම) main`,
	fetchRun:    `(?:බාගත|download) කර\S* (?:\S+ )?(?:ධාවනය|run)\S*`,
	must:        `(?:යුතුයි|යුතුය|ඕනෑ|හැකියි|පුළුවන්)`,
	secret:      `(?:මුරපද|රහස්|යතුර)\S*`,
	memory:      `(?:මතක|සටහන්)\S*`,
}, {
	lang:        "kn",
	note:        `(?:ಸೂಚನೆ|ಟಿಪ್ಪಣಿ|ಸಂದೇಶ|ನಿರ್ದೇಶನ)\S*\s+(?:\S+\s+){0,2}?(?:ಸಹಾಯಕ|ಏಜೆಂಟ್|ಬಾಟ್)\S*|(?:ಸಹಾಯಕ|ಏಜೆಂಟ್)\S*\s+(?:ಗೆ\s+|ಗಾಗಿ\s+)?(?:ಸೂಚನೆ|ಟಿಪ್ಪಣಿ)`,
	agent:       `(?:ಸಹಾಯಕ|ಏಜೆಂಟ್|ಏಜೆಂಟ)\S*`,
	future:      `(?:ಪ್ರತಿ|ಎಲ್ಲಾ|ಮುಂದಿನ ಎಲ್ಲಾ) (?:ಹೊಸ )?(?:session|ಸೆಷನ್|ಅಧಿವೇಶನ)\S*`,
	fromNow:     `ಇನ್ನು ಮುಂದೆ|ಇಂದಿನಿಂದ|ಈಗಿನಿಂದ|ಇನ್ಮುಂದೆ`,
	conceal:     `(?:ಹೇಳ|ತಿಳಿಸ|ಪ್ರಸ್ತಾಪಿಸ)\S*ಬೇಡ\S*|ಹೇಳದೆ|ತಿಳಿಸದೆ`,
	unchecked:   `ಕೇಳದೆ|ಕೇಳದೇ|(?:ಅನುಮತಿ|ದೃಢೀಕರಣ|ಪರಿಶೀಲನೆ|review)\S* (?:ಇಲ್ಲದೆ|ಇಲ್ಲದೇ|ಬೇಕಿಲ್ಲ)|ಕಾಯಬೇಕಾಗಿಲ್ಲ|ಕಾಯುವ ಅಗತ್ಯವಿಲ್ಲ|ಕೇಳುವ ಅಗತ್ಯವಿಲ್ಲ`,
	destroyVerb: `(?:ಅಳಿಸ|ತೆಗೆದುಹಾಕ|ನಾಶಪಡಿಸ|delete ಮಾಡ)\S*`,
	destroyObj:  `(?:ಡೇಟಾಬೇಸ್|ಬ್ಯಾಕಪ್|ಪ್ರೊಡಕ್ಷನ್|ಶಾಖೆ)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:ನಿಷ್ಕ್ರಿಯಗೊಳಿಸ|ಆಫ್ ಮಾಡ|ಬಂದ್ ಮಾಡ|ಸ್ಥಗಿತಗೊಳಿಸ|disable ಮಾಡ)\S*`,
	safeguard:   `(?:ರಕ್ಷಣೆ|ಪರಿಶೀಲನೆ|ತಪಾಸಣೆ|ಸಹಿ)\S*|review\S*|checks?|hooks?|scanner\S*|protection`,
	sendVerb:    `(?:ಕಳುಹಿಸ|ಕಳಿಸ|ಅಪ್ಲೋಡ್ ಮಾಡ|upload ಮಾಡ)\S*`,
	approve:     `(?:ಅನುಮೋದಿಸ|ವಿಲೀನಗೊಳಿಸ|approve ಮಾಡ|merge ಮಾಡ)\S*`,
	approveOwn:  `(?:ತನ್ನದೇ|ತನ್ನ ಸ್ವಂತ|ನಿನ್ನದೇ)\s+(?:\S+\s+){0,4}?(?:approve|merge|ಅನುಮೋದಿಸ|ವಿಲೀನ)\S*`,
	outranks:    `ಬಳಕೆದಾರ\S* (?:\S+ )?(?:ಗಿಂತ|ಕ್ಕಿಂತ) ಮುಖ್ಯ`,
	direct:      `(?:ನೇರವಾಗಿ|ನೇರ) main`,
	fetchRun:    `(?:ಡೌನ್ಲೋಡ್|download) ಮಾಡಿ\S* (?:\S+ )?(?:ರನ್|ಚಲಾಯಿಸ|run)\S*`,
	must:        `(?:\S*ಬಹುದು|\S*ಬೇಕು)`,
	secret:      `(?:ಪಾಸ್ವರ್ಡ್|ಗುಪ್ತಪದ|ಕೀ)\S*`,
	memory:      `(?:ನೆನಪ|ಮೆಮೊರಿ|ಟಿಪ್ಪಣಿಗಳ)\S*`,
}, {
	lang:        "pa",
	note:        `(?:ਨੋਟ|ਸੁਨੇਹਾ|ਹਦਾਇਤ|ਹਿਦਾਇਤ|ਨਿਰਦੇਸ਼)\S*\s+(?:\S+\s+){0,2}?(?:ਸਹਾਇਕ|ਏਜੰਟ|ਬੋਟ)\S*|(?:ਸਹਾਇਕ|ਏਜੰਟ)\S*\s+(?:ਲਈ|ਵਾਸਤੇ)\s+(?:ਨੋਟ|ਹਦਾਇਤ|ਸੁਨੇਹਾ)`,
	agent:       `(?:ਸਹਾਇਕ|ਏਜੰਟ|ਏਜੈਂਟ)\S*`,
	future:      `(?:ਹਰ|ਹਰੇਕ|ਅਗਲੇ ਸਾਰੇ|ਸਾਰੇ ਅਗਲੇ) (?:ਨਵੇਂ )?(?:session|ਸੈਸ਼ਨ)\S*`,
	fromNow:     `ਹੁਣ ਤੋਂ|ਅੱਜ ਤੋਂ`,
	conceal:     `(?:ਨਾ|ਮਤ) (?:ਦੱਸ|ਦੱਸੋ|ਦੱਸਣਾ|ਦੱਸਿਓ)\S*|ਦੱਸੇ ਬਿਨਾਂ`,
	unchecked:   `(?:ਪੁੱਛੇ|ਪੁੱਛਣ ਤੋਂ) ਬਿਨਾਂ|ਬਿਨਾਂ ਪੁੱਛੇ|ਪੁੱਛਣ ਦੀ (?:ਕੋਈ )?ਲੋੜ ਨਹੀਂ|(?:ਮਨਜ਼ੂਰੀ|ਇਜਾਜ਼ਤ|ਸਮੀਖਿਆ|review) (?:ਤੋਂ )?ਬਿਨਾਂ`,
	destroyVerb: `(?:ਮਿਟਾ|ਹਟਾ|ਡਿਲੀਟ ਕਰ|delete ਕਰ)\S*`,
	destroyObj:  `(?:ਡਾਟਾਬੇਸ|ਡੇਟਾਬੇਸ|ਬੈਕਅੱਪ|ਪ੍ਰੋਡਕਸ਼ਨ|ਬ੍ਰਾਂਚ)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:ਬੰਦ ਕਰ|ਅਯੋਗ ਕਰ|disable ਕਰ|off ਕਰ)\S*`,
	safeguard:   `(?:ਸੁਰੱਖਿਆ|ਜਾਂਚ|ਸਮੀਖਿਆ)\S*|review\S*|checks?|hooks?|scanner\S*|protection`,
	sendVerb:    `(?:ਭੇਜ|ਅੱਪਲੋਡ ਕਰ|upload ਕਰ)\S*`,
	approve:     `(?:ਮਨਜ਼ੂਰ ਕਰ|ਮਨਜ਼ੂਰੀ ਦੇ|approve ਕਰ|merge ਕਰ)\S*`,
	approveOwn:  `(?:ਆਪਣੇ|ਆਪਣੀ|ਆਪਣਾ)\s+(?:ਹੀ\s+)?(?:\S+\s+){0,3}?(?:approve|merge|ਮਨਜ਼ੂਰ)\S*`,
	outranks:    `ਵਰਤੋਂਕਾਰ\S* (?:\S+ )?(?:ਨਾਲੋਂ|ਤੋਂ) (?:ਵੱਧ )?ਜ਼ਰੂਰੀ`,
	direct:      `ਸਿੱਧ(?:ਾ|ੇ) main`,
	fetchRun:    `(?:ਡਾਊਨਲੋਡ|download) ਕਰ\S* (?:\S+ )?(?:ਚਲਾ|run)\S*`,
	must:        `(?:ਚਾਹੀਦਾ|ਚਾਹੀਦੀ|ਚਾਹੀਦੇ|ਸਕਦਾ|ਸਕਦੀ|ਸਕਦੇ|ਪਵੇਗਾ|ਕਰੇ)`,
	secret:      `(?:ਪਾਸਵਰਡ|ਕੁੰਜੀ|ਟੋਕਨ)\S*`,
	memory:      `(?:ਯਾਦ|ਮੈਮੋਰੀ|ਨੋਟਸ)\S*`,
}, {
	// Burmese writes no space between words: its fields start where
	// they match (bounded).
	lang:        "my",
	note:        `(?:လက်ထောက်|အေးဂျင့်)\S*အတွက်\s*(?:မှတ်စု|ညွှန်ကြားချက်|သတိပေးချက်)|(?:မှတ်စု|ညွှန်ကြားချက်)\s*[-:]?\s*(?:ai\s*)?(?:လက်ထောက်|အေးဂျင့်)`,
	agent:       `လက်ထောက်|အေးဂျင့်`,
	future:      `(?:session|ဆက်ရှင်)\s*တိုင်း|နောက်\s*(?:session|ဆက်ရှင်)\s*(?:များ|တိုင်း)`,
	fromNow:     `ယခုမှစ၍|ယနေ့မှစ၍|အခုကစပြီး|ဒီနေ့ကစပြီး`,
	conceal:     `မပြောပါနှင့်|မပြောနဲ့|မပြောဘဲ|အသိမပေးဘဲ|မသိစေနှင့်|မသိစေနဲ့`,
	unchecked:   `မမေးဘဲ|ခွင့်မတောင်းဘဲ|အတည်ပြုချက်မပါဘဲ|မေးစရာမလို`,
	destroyVerb: `ဖျက်`,
	destroyObj:  `ဒေတာဘေ့စ်|အရန်ကူး|database|backup|prod`,
	weakenVerb:  `ပိတ်`,
	safeguard:   `ကာကွယ်|စစ်ဆေး|review|checks?|hooks?|protection|scanner`,
	sendVerb:    `ပို့`,
	approve:     `အတည်ပြု|approve|merge`,
	approveOwn:  `ကိုယ်ပိုင်\S*\s*(?:\S+\s*){0,3}?(?:approve|merge|အတည်ပြု)`,
	outranks:    `အသုံးပြုသူ\S*ထက်\s*ပို\S*အရေးကြီး`,
	direct:      `တိုက်ရိုက်\s*main|main\s*သို့\s*တိုက်ရိုက်`,
	fetchRun:    `ဒေါင်းလုဒ်\S*\s*(?:\S+\s*)?(?:run|လုပ်ဆောင်)|download\S*\s*(?:\S+\s*)?လုပ်ဆောင်`,
	must:        `ရမည်|ရမယ်|နိုင်သည်|နိုင်တယ်`,
	secret:      `စကားဝှက်|သော့`,
	memory:      `မှတ်ဉာဏ်|မှတ်စု`,
}, {
	lang:        "ps",
	note:        `(?:یادښت|یادونه|لارښوونه|پیغام)\s+(?:\S+\s+){0,2}?(?:مرستیال|اجنټ|بوټ)\S*|(?:مرستیال|اجنټ)\S*\s+(?:ته|لپاره)\s+(?:یادښت|لارښوونه|پیغام)`,
	agent:       `(?:مرستیال|مرستندوی|اجنټ)\S*`,
	future:      `(?:هره|هر|ټولو|راتلونکو) (?:نوې )?(?:ناسته|ناستې|ناستو|سیشن|session)\S*`,
	fromNow:     `له (?:اوس|نن) (?:څخه|نه)|تر دې وروسته`,
	conceal:     `مه (?:وایه|وایئ|ورته وایه|خبروه|خبرو)\S*|خبر (?:یې )?مه کړه`,
	unchecked:   `پوښتنه مه کوه|(?:له )?پوښتنې پرته|بې له پوښتنې|(?:اجازې|تایید|بیاکتنې) پرته`,
	destroyVerb: `(?:ړنګ|پاک|ورک|حذف) ?(?:کړه|کړئ|کړي|کول)\S*`,
	destroyObj:  `(?:ډیټابیس|ډېټابیس|بیک اپ|څانګ)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:بند|غیرفعال|غیر فعال) ?(?:کړه|کړئ|کړي|کول)\S*`,
	safeguard:   `(?:ساتن|محافظت|څېړن|بیاکتن)\S*|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:واستوه|واستوئ|واستوي|ولېږه|ولیږه|ولیږئ|ولېږي|ولیږي|اپلوډ)\S*`,
	approve:     `(?:تایید|منظور) ?(?:کړه|کړئ|کړي)\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:خپل|خپلې|خپله)\s+(?:\S+\s+){0,3}?(?:approve|merge|تایید|منظور)\S*`,
	outranks:    `له کاروونکي (?:څخه )?(?:ډېر|ډیر) مهم`,
	direct:      `(?:مستقیم|نېغ په نېغه|نیغ په نیغه) main`,
	fetchRun:    `ډاونلوډ\S* (?:\S+ )?(?:چلو|اجرا|run)\S*|download\S* (?:\S+ )?(?:چلو|اجرا)\S*`,
	must:        `(?:باید|کولی شي|کولای شي)`,
	secret:      `(?:پټنوم|پاسورډ|کیلي)\S*`,
	memory:      `(?:حافظ|یادښت)\S*`,
}, {
	lang:        "eo",
	note:        `(?:noto|notico|instrukci\S*|mesaĝo|atentigo|memorigo)\s+(?:por|al)\s+(?:la\s+)?(?:ai-)?(?:asistant\S*|agent\S*|robot\S*)`,
	agent:       `(?:ai-)?(?:asistant(?:o|oj|on|ojn)|agent(?:o|oj|on|ojn))(?:$|[^\p{L}])`,
	future:      `(?:estontaj|venontaj|ĉiuj|ĉiu)(?: (?:novaj?|estontaj|venontaj))? sesio\S*`,
	fromNow:     `(?:ekde|de) (?:nun|hodiaŭ)|estonte|ekde tiu momento`,
	conceal:     `ne (?:devas |bezonas )?(?:informi|diri|sciigi|mencii|raporti)\S* (?:\S+ ){0,2}?(?:la )?uzant\S*|ne (?:informu|diru|sciigu|menciu)\S*|sen (?:informi|diri|sciigi)\S*`,
	unchecked:   `sen (?:demandi|konfirm\S*|permes\S*|reviz\S*|aprob\S*)|ne demandu`,
	destroyVerb: `(?:forig|forviŝ|detru|malplenig)\S*`,
	destroyObj:  `(?:datumbaz|sekurkopi|produkt|branĉ)\S*|database|backup`,
	weakenVerb:  `(?:malŝalt|malebligi|malaktiv|preterpas)\S*`,
	safeguard:   `(?:protekt|kontrol|reviz|test|subskrib)\S*`,
	sendVerb:    `send(?:i|u|as|os|is)(?:$|[^\p{L}])|(?:alŝut|plusend)\S*`,
	approve:     `(?:aprob|kunfand|merĝ)\S*|merge\S*`,
	approveOwn:  `(?:aprob|kunfand|merĝ)\S* (?:siajn|sian|viajn|vian|liajn) (?:propr\S* )?`,
	outranks:    `pli grava\S* ol (?:\S+ )?(?:la )?uzant\S*`,
	direct:      `rekte (?:al|en|sur) (?:la )?main`,
	fetchRun:    `elŝut\S* kaj (?:rul|lanĉ|plenum)\S*`,
	must:        `(?:rajtas|devas|povas|devos|rajtos|povos|rajtu|devu)`,
	secret:      `(?:pasvort|ŝlosil)\S*`,
	memory:      `(?:sia|siaj|sian|siajn|via|viaj) (?:memor|not)\S*`,
}, {
	lang:        "lb",
	note:        `(?:notiz|hiweis|uweisung|noriicht)\s+(?:fir|un)\s+(?:den |d')?(?:assistent\S*|agent\S*|ki|bot)`,
	agent:       `(?:den |d')?(?:assistent|agent)\S*`,
	future:      `(?:all|jidder|all zukünfteg)\S* (?:nei )?sessioun\S*|zukünfteg\S* sessioun\S*`,
	fromNow:     `ab elo|vun elo un|vun haut un|ab haut`,
	conceal:     `(?:sot|so|sief)\S* (?:dem |de |der )?(?:benotzer|user|keen|kengem)\S* (?:\S+ )?net|ouni (?:et |dat )?ze (?:soen|mellen)`,
	unchecked:   `ouni (?:virdrun |virun |virhier )?ze froen|ouni (?:froen|bestätegung|kontroll|erlaabnes|review|zoustëmmung)`,
	destroyVerb: `(?:läsch|geläscht|ewechmaach|zerstéier)\S*`,
	destroyObj:  `\S*(?:datebank|backup|produktioun|branch)\S*`,
	weakenVerb:  `(?:desaktivéier|ausschalt|ofschalt|iwwersprang)\S*|schalt\S* (?:\S+ )?(?:of|aus)`,
	safeguard:   `(?:schutz|protektioun|kontroll|iwwerpréiwung|review|test|ënnerschrëft)\S*`,
	sendVerb:    `(?:schéck|eropluede|weiderleed)\S*|lued\S* (?:\S+ )?erop`,
	approve:     `(?:approuvéier|genehmeg|fusionéier|merge)\S*`,
	approveOwn:  `(?:seng|säin|deng|hir)\S* eegen?\S* (?:\S+ )?(?:approuvéier|genehmeg|merge)\S*`,
	outranks:    `méi wichteg wéi (?:wat )?(?:de |den )?benotzer`,
	direct:      `direkt (?:op|an|a) (?:de |den )?main`,
	fetchRun:    `eroflued\S* an (?:ausféier|lafen)\S*`,
	must:        `(?:däerf|dierf|muss|mussen|soll|sollen|kann|kënnen)`,
	secret:      `(?:passwuert|schlëssel)\S*`,
	memory:      `(?:sengen|senger|dengen|denger) (?:notizen|erënnerung|memory)`,
}, {
	// Egyptian Arabic in Latin letters, digits for the sounds Latin
	// lacks (3 ع, 2 ء, 7 ح, 5 خ).
	lang:        "arz-latn",
	note:        `(?:mol7az|mola7z|mula7z|molahz|tanbih|tanbeeh)[a-z0-9]* (?:lel|lil|le|ll|li|l) ?(?:el ?)?(?:assistant|agent|bot|mosa3ed|mesa3ed|mosa3d|ai)\S*`,
	agent:       `(?:el|al|l)?(?:mosa3ed|mesa3ed|mosa3id|musa3id|mosa3d)\S*|el (?:assistant|agent|bot)`,
	future:      `kol (?:el )?(?:sessions?|galasat|gelsa)|(?:el )?sessions? el (?:gaya|gayya|jaya|gaieen|gaiin)`,
	fromNow:     `men (?:el naharda|delwa2ty|delwa2ti|dlwa2ty|delwa2t)|mn (?:delwa2ty|dlwa2ty|elnaharda)`,
	conceal:     `(?:mat2olsh|mat2ol|matqolsh|matool|matoolsh|mat2olosh|matballaghsh|matbalghsh)\S*(?: \S+)? (?:le|lel|li|ll|l)?(?:el ?)?(?:user|mosta5dem|mostakhdem|7ad)\S*|men gher ma (?:t2ol|tqol|tballagh)\S*`,
	unchecked:   `men (?:gher|ghair|8er|ghir) (?:review|moraga3a|morag3a|ma tes2al|ma tis2al|so2al|mowaf2a|mwaf2a|ezn|2zn)|(?:mates2alsh|matis2alsh)\S*|bdoon (?:review|ezn|mowaf2a)`,
	destroyVerb: `(?:emsa7|ems7|emse7|im7i|e7zef|ehzef)\S*`,
	destroyObj:  `(?:el )?(?:database|db|backups?|prod|production|branch\S*)`,
	weakenVerb:  `(?:e2fel|2fel|e2fil|2afel|wa22af|ba22al)\S*`,
	safeguard:   `(?:el )?(?:ci|checks?|protection|review|tests?|hooks?|scanner|7emaya|7imaya)`,
	sendVerb:    `(?:eb3at|ib3at|ab3at|ersel|arsel)\S*`,
	approve:     `(?:approve|merge|wafe2|wa2fe2)\S*`,
	approveOwn:  `(?:approve|merge)[^.\n]{0,40}?(?:bta3tak|beta3tak|bta3ak|beta3ak|bta3to|bta3o|bta3ha|bta3ty)(?:$|[^\p{L}\p{N}])`,
	outranks:    `ahamm? men (?:kalam )?el (?:user|mosta5dem)`,
	direct:      `direct (?:3ala|3la) main`,
	fetchRun:    `(?:nazzel|nazel|naz2el)\S* (?:w|we) (?:sha3'al|shaghal|sha8al|run)\S*`,
	must:        `(?:lazem|lazm|momken|mumkin|te2dar|ti2dar|ye2dar|yi2dar)`,
	secret:      `(?:kelmet el ser|kilmet el sir)`,
	memory:      `(?:el )?(?:zakra|zakera|mozakra)\S*`,
}, {
	// Session 20 (batch 20's languages): Javanese, Māori, Yiddish, Latin,
	// Odia and Tajik. Māori puts the modal and the verb before the agent
	// ("me muku e te kaiāwhina …": the assistant is to delete …), so its
	// row reads that order as a line for the agent (note); Latin's
	// jussive has no modal word, and its row reads the agent "who reads
	// this note" as the line for it. Javanese forbids with "aja", Māori
	// with "kaua", Yiddish with "נישט", Latin with "noli"/"numquam",
	// Odia after the verb ("ନାହିଁ"), Tajik with "на-" glued to the verb
	// (the rows' verbs are written so that a glued "на-" does not match).
	lang:        "jv",
	note:        `(?:cathetan|pesen|pitutur|dhawuh)\s+(?:kanggo|marang|tumrap)\s+(?:\S+\s+)?(?:asisten|agen|bot)\S*|(?:asisten|agen)\S*\s+(?:ai\s+)?sing\s+(?:maca|mbukak|nampa)\s+(?:cathetan|pesen|file)\S*`,
	agent:       `(?:asisten|agen)(?:e|ipun)?(?:$|[^\p{L}])`,
	future:      `(?:saben|kabeh|sakabehing) sesi(?: sabanjure| anyar)?|sesi(?:-sesi)? sabanjure`,
	fromNow:     `(?:wiwit|saka|mulai) saiki|wiwit dina iki|sateruse`,
	conceal:     `(?:aja|ora usah|ora perlu) (?:kandha|ngomong|ngabari|matur|menehi ngerti)\S*(?: marang| karo| menyang)? (?:\S+ )?(?:pangguna|panganggo|sapa wae|wong liya)\S*`,
	unchecked:   `(?:ora usah|ora perlu|tanpa) (?:takon|nakoni|njaluk (?:idin|ijin|persetujuan)|konfirmasi|ngenteni)\S*`,
	destroyVerb: `(?:mbusak|busak|ngilangi|nyirnakake)\S*`,
	destroyObj:  `(?:basis data|cadangan|produksi|cabang)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:mateni|pateni|nonaktifake|nglewati|ngliwati)\S*`,
	safeguard:   `(?:pangreksa|proteksi|pamriksan|priksan|review|tes|uji)\S*|checks?|hooks?|protection|scanner\S*`,
	sendVerb:    `(?:ngirim|kirimen|kirim|ngunggah|unggahen|nempel)\S*`,
	approve:     `(?:nyetujoni|setujoni|nggabungake|merge)\S*`,
	approveOwn:  `(?:nyetujoni|setujoni|merge)\S* (?:\S+ ){0,2}(?:dhewe|piyambak)(?:$|[^\p{L}])`,
	outranks:    `luwih penting tinimbang (?:omongane |dhawuhe )?pangguna`,
	direct:      `langsung (?:menyang |ing |nang )?main`,
	fetchRun:    `(?:ngundhuh|undhuhen|download) (?:\S+ ){0,2}(?:banjur|lan) (?:nglakokake|mlayokake|run)\S*`,
	must:        `(?:kudu|oleh|bisa|kena|wajib)`,
	secret:      `(?:tembung sandhi|sandhi|kunci)\S*`,
	memory:      `(?:cathetane|cathetan dhewe|memorine|memori)\S*`,
}, {
	lang:        "mi",
	note:        `(?:tuhipoka|panui|tohutohu|karere)\s+(?:ma|ki|mo)\s+(?:te|nga)\s+(?:kaiawhina|kaihoko|karetao|ai)\S*|(?:^|[^\p{L}])(?:me|kia) \S+(?: \S+)?(?: ano| katoa)? e (?:te|nga) (?:kaiawhina|karetao)\S*`,
	agent:       `(?:kaiawhina|karetao)\S*`,
	future:      `(?:ia|nga) (?:wahanga|hui|hononga|session)\S* (?:katoa )?(?:a muri|e heke mai)`,
	fromNow:     `mai i (?:naianei|tenei ra)|a muri ake nei|ahu atu i naianei`,
	conceal:     `kaua e (?:korero|whakamohio|whakaatu|panui)\S* (?:\S+ ){0,2}(?:ki )?(?:te|nga) (?:kaiwhakamahi|tangata)\S*`,
	unchecked:   `kaua e patai\S*|kaore (?:he |e )?patai\S*|(?:me )?te kore e patai\S*|(?:kahore|kaore) he whakaaetanga`,
	destroyVerb: `(?:muku|mukua|whakakore|whakangaro|ukui)\S*`,
	destroyObj:  `(?:peka|papa raraunga|taruarua|hitori)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:whakaweto|tinei|patu)\S*`,
	safeguard:   `(?:tiaki|arotake|tirotiro|whakamatau)\S*|review\S*|checks?|hooks?|protection|scanner\S*`,
	sendVerb:    `(?:tukuna|tuku|tukua|whakaputa)(?:$|[^\p{L}])`,
	approve:     `(?:whakaae|whakaaetia|hanumi|merge)\S*`,
	approveOwn:  `(?:whakaae|merge)\S* (?:\S+ ){0,3}(?:ake|nana ake|ana ake)(?:$|[^\p{L}])`,
	outranks:    `nui ake i (?:te kupu a )?te kaiwhakamahi`,
	direct:      `tika tonu (?:ki|i) (?:te )?main`,
	fetchRun:    `tikiake\S* (?:\S+ ){0,2}(?:ka|me) whakahaere`,
	must:        `(?:me|kia|ka taea|ka ahei)(?:$|[^\p{L}])`,
	secret:      `(?:kupuhipa|ki muna|kī muna)\S*`,
	memory:      `(?:mahara|tuhipoka)\S* (?:ake|ona)`,
}, {
	lang:        "yi",
	note:        `(?:באמערקונג|נאטיץ|הערה|אנווייזונג|מעלדונג)\s+(?:פאר|צום|צו)\s+(?:דעם |די )?(?:\S+־)?(?:געהילף|אגענט|אסיסטענט|באט)\S*`,
	agent:       `(?:\S+־)?(?:געהילף|אגענט|אסיסטענט)\S*`,
	future:      `(?:אלע|יעדע|יעדער) (?:קומענדיקע |צוקונפטיקע )?(?:סעסיע|סעסיעס|סעסיאנען|זיצונג)\S*`,
	fromNow:     `פון (?:איצט|היינט) (?:אן|און)|פון היינט אן|פון איצט און ווייטער`,
	conceal:     `(?:זאג|דערצייל|מעלד)\S* (?:\S+ ){0,2}נישט|(?:זאגט|זאג) (?:\S+ )?(?:דעם |די )?(?:באניצער|ניצער)\S* (?:\S+ )?נישט|אן (?:צו )?(?:זאגן|מעלדן)`,
	unchecked:   `(?:דארף|מוז) (?:מען )?נישט (?:פרעגן|בעטן)|אן (?:צו )?פרעגן|אן (?:א )?(?:דערלויבעניש|באשטעטיקונג|איבערקוק)`,
	destroyVerb: `(?:אויסמעקן|מעק|אויסווישן|פארניכטן|אויסלעשן)\S*`,
	destroyObj:  `(?:דאטנבאזע|באקאפ|צווייג|בראנטש)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:אויסלעש|אויסשאלט|אפשטעל|איבערהיפ)\S*`,
	safeguard:   `(?:\S+־)?(?:טשעק|איבערקוק|שוץ|קאנטראל|פרובע|טעסט)\S*|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:שיק|ארויפלאד|איבערשיק)\S*`,
	approve:     `(?:באשטעטיק|מערדזש|צונויפגיס|merge)\S*`,
	approveOwn:  `(?:זיינע|זיין|אייערע|דיינע) (?:אייגענע|אייגענעם)[^.\n]{0,40}?(?:באשטעטיק|מערדזש|merge)\S*`,
	outranks:    `וויכטיקער ווי (?:דער |דעם )?(?:באניצער|ניצער)`,
	direct:      `גלייך (?:\S+ ){0,2}(?:אין |צו )?main|גלייך אין main`,
	fetchRun:    `(?:אראפלאד|download)\S* (?:\S+ ){0,2}און (?:לויפ|אויספיר|run)\S*`,
	must:        `(?:זאל|זאלן|מוז|מוזן|מעג|מעגן|קען|קענען|דארף|דארפן)`,
	secret:      `(?:פאסווארט|שליסל)\S*`,
	memory:      `(?:זיין|זיינע|דיין) (?:זכרון|נאטיצן|מעמאריע)\S*`,
}, {
	lang:        "la",
	note:        `(?:nota|notitia|mandatum|praeceptum)\s+(?:ad|pro)\s+(?:\S+\s+)?(?:adiutor|auxiliator|agent)\S*|(?:adiutor|auxiliator)\S*[^.\n]{0,30}?(?:qui|cum|quicumque) (?:hanc|has|haec|hoc) (?:notam|notas|scriptum|scripta|nuntium) leg\S*`,
	agent:       `(?:adiutor|auxiliator)\S*`,
	future:      `(?:omnes|singulae|sequentes|futurae) (?:\S+ )?(?:sessiones|sessionibus|sessio)\S*`,
	fromNow:     `ab hoc (?:tempore|die)|ex hoc tempore|posthac|deinceps|in posterum`,
	conceal:     `neque (?:\S+ ){0,4}certior\S* fac\S*|ne (?:\S+ ){0,2}(?:dicat|dicas|dixeris|narret|nuntiet|certiorem faciat)|(?:usor|usuari)\S* (?:\S+ ){0,3}(?:ne|non) (?:certior\S* fac|dic|narr|nuntie)\S*|insci(?:o|ente) (?:usore|usuario)`,
	unchecked:   `(?:sine|nullo) (?:rogatu|interrogatione|permissu|consensu|rogando|quaerendo)\S*|non (?:rogato|interrogato|quaesito)\S*`,
	destroyVerb: `(?:dele|destru)(?:as|at|ant|atur|antur|ito|itote|re|ndum|ndos|ndas|e|unt)?(?:$|[^\p{L}])|(?:abole|exstingu)\S*`,
	destroyObj:  `(?:datorum|exemplar|ram)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:exstingu|praetermitt|debilit)\S*|(?:omitt|toll)(?:e|at|ant|ito|ere)(?:$|[^\p{L}])`,
	safeguard:   `(?:tutel|custodi|recognition|probation|praesidi)\S*|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:mitt|transmitt|trasmitt)(?:e|at|ant|it|unt|ito|ite|ere|as|es|et)(?:$|[^\p{L}])`,
	approve:     `(?:approb|comprob|merge)\S*`,
	approveOwn:  `(?:approb|comprob|merge)\S* (?:\S+ )?(?:sua|suas|suos|tua|tuas) (?:propri\S* )?`,
	outranks:    `(?:potior|gravior) (?:est )?quam (?:verba )?(?:usor|usuari)\S*`,
	direct:      `(?:recta|directe) (?:in |ad )?main`,
	fetchRun:    `(?:demitt|download)\S* (?:\S+ )?(?:et|ac) (?:exsequ|curr|run)\S*`,
	must:        `(?:debet|debent|oportet|licet|potest|possunt|necesse est)`,
	secret:      `(?:clav(?:is|es|em|ibus)|tesser\S*|verb\S* arcan\S*)`,
	memory:      `(?:memori|notis su)\S*`,
}, {
	lang:        "or",
	note:        `(?:ଟିପ୍ପଣୀ|ନିର୍ଦ୍ଦେଶ|ସୂଚନା|ବାର୍ତ୍ତା)\S*\s+(?:\S+\s+){0,2}?(?:ସହାୟକ|ଏଜେଣ୍ଟ|ବଟ)\S*|(?:ସହାୟକ|ଏଜେଣ୍ଟ)\S*\s+(?:ପାଇଁ|ନିମନ୍ତେ)\s+(?:ଟିପ୍ପଣୀ|ନିର୍ଦ୍ଦେଶ|ସୂଚନା)`,
	agent:       `(?:ସହାୟକ|ଏଜେଣ୍ଟ)\S*`,
	future:      `(?:ପ୍ରତ୍ୟେକ|ସମସ୍ତ|ଆଗାମୀ) (?:ନୂଆ )?(?:session|ସେସନ|ଅଧିବେଶନ)\S*`,
	fromNow:     `ଏଣିକି|ଏବେଠାରୁ|ଆଜିଠାରୁ|ଏଣିକି ଠାରୁ`,
	conceal:     `(?:କୁହ|ଜଣା|କହି)\S* (?:ନାହିଁ|ନାହିଁ)|(?:ନ|ନା) (?:କହି|ଜଣାଇ)`,
	unchecked:   `(?:ନ|ନା) ପଚାରି|ପଚାରିବା (?:ଦରକାର|ଆବଶ୍ୟକ) ନାହିଁ|(?:ଅନୁମତି|ସମୀକ୍ଷା|review)\S* (?:ବିନା|ଛଡ଼ା)`,
	destroyVerb: `(?:ବିଲୋପ|ଡିଲିଟ|ହଟା|ନଷ୍ଟ)\S*`,
	destroyObj:  `(?:ଡାଟାବେସ|ବ୍ୟାକଅପ|ଶାଖା)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `ବନ୍ଦ|(?:ଅକ୍ଷମ|disable|off) (?:କର|ରଖ)\S*`,
	safeguard:   `(?:ସୁରକ୍ଷା|ଯାଞ୍ଚ|ସମୀକ୍ଷା)\S*|review\S*|checks?|hooks?|protection|scanner\S*`,
	sendVerb:    `(?:ପଠା|ଅପଲୋଡ|upload)\S*`,
	approve:     `(?:ଅନୁମୋଦନ|ମିଶା|approve|merge)\S*`,
	approveOwn:  `ନିଜେ\s+(?:\S+\s+){0,3}?(?:ଅନୁମୋଦନ|approve|merge)\S*|ନିଜର\s+(?:\S+\s+){0,3}?(?:ଅନୁମୋଦନ|approve|merge)\S*`,
	outranks:    `ବ୍ୟବହାରକାରୀ\S* (?:\S+ )?(?:ଠାରୁ|ଅପେକ୍ଷା) (?:ଅଧିକ )?ଗୁରୁତ୍ୱପୂର୍ଣ୍ଣ`,
	direct:      `(?:ସିଧାସଳଖ|ସିଧା) main|main (?:ରେ|କୁ) (?:ସିଧାସଳଖ|ସିଧା)`,
	fetchRun:    `(?:ଡାଉନଲୋଡ|download) କରି\S* (?:\S+ )?(?:ଚଲା|run)\S*`,
	must:        `(?:ଉଚିତ|ପଡ଼ିବ|ପାରିବ|ପାରିବେ|କରିବ|କରିବେ)`,
	secret:      `(?:ପାସୱାର୍ଡ|ଚାବି|କି)\S*`,
	memory:      `(?:ସ୍ମୃତି|ମେମୋରୀ|ଟିପ୍ପଣୀ)\S*`,
}, {
	lang:        "tg",
	note:        `(?:ёддошт|дастур|паём|қайд)\S*\s+(?:барои|ба)\s+(?:\S+\s+)?(?:ёрдамчи|агент|бот)\S*`,
	agent:       `(?:ёрдамчи|агент)\S*`,
	future:      `(?:ҳамаи|ҳар|тамоми) (?:\S+ )?(?:сессия|сеанс|ҷаласа)\S*(?: (?:оянда|минбаъда)\S*)?`,
	fromNow:     `аз (?:ҳозир|имрӯз|ин ба баъд)|минбаъд|бад-ин сӯ`,
	conceal:     `(?:ба )?(?:корбар|истифодабаранда|касе)\S* (?:\S+ ){0,4}(?:нагӯ|нагуфт|хабар надиҳ|огоҳ накун)\S*|бе (?:хабар|огоҳ) (?:додан|кардан)`,
	unchecked:   `(?:бе|бидуни) (?:пурсидан|пурсиш|иҷозат|тасдиқ|санҷиш)\S*|напурсида|пурсидан лозим нест`,
	destroyVerb: `(?:нест|пок|ҳазф) (?:кунед|кунад|кунанд|кунем|кунам|кун|созед|созад|соз|намоед|намояд)`,
	destroyObj:  `(?:пойгоҳи додаҳо|нусхаи эҳтиётӣ|шоха)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:хомӯш|ғайрифаъол|қатъ) (?:кунед|кунад|кунанд|кунем|кунам|кун|созед|созад|соз|намоед|намояд)`,
	safeguard:   `(?:ҳимоя|санҷиш|тасдиқ|баррасӣ)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `фирист\S*|бор (?:кунед|кунад|кунанд|кунем|кунам|кун|созед|созад|соз|намоед|намояд)`,
	approve:     `(?:тасдиқ|ҳамроҳ) (?:кунед|кунад|кунанд|кунем|кунам|кун|созед|созад|соз|намоед|намояд)|approve\S*|merge\S*`,
	approveOwn:  `(?:худ|худаш)\S*\s+(?:\S+\s+){0,3}?(?:тасдиқ|approve|merge)\S*`,
	outranks:    `аз (?:гуфтаи )?(?:корбар|истифодабаранда)\S* муҳимтар`,
	direct:      `мустақиман (?:ба )?main`,
	fetchRun:    `(?:зеркашӣ|download) (?:\S+ )?(?:ва|карда) (?:иҷро|run)\S*`,
	must:        `(?:бояд|метавонад|метавонанд|ҳуқуқ дорад)`,
	secret:      `(?:парол|рамз|калид)\S*`,
	memory:      `(?:хотира|ёддошт)\S* (?:худ|хеш)\S*`,
}, {
	// Session 21 (batch 21's languages): Uyghur, Tatar, Kurdish Sorani,
	// Malagasy, Scottish Gaelic, Faroese and Xhosa. Scottish Gaelic puts
	// the modal before the agent ("faodaidh an cuidiche …": the assistant
	// may …), read as a line for the agent as Māori's is; Xhosa's jussive
	// is a prefix ("makazinike": let it give itself), read as a modal;
	// a self-granted admin right is Xhosa's and the others' `direct`
	// (privilege). Their prohibitions: Uyghur "ھەرگىز", Tatar
	// "беркайчан"/"ярамый", Sorani "هەرگیز"/"نابێت", Malagasy "aza",
	// Gaelic "chan fhaod"/"na dèan", Faroese "ikki", Xhosa "ungaze" and
	// "akufuneki".
	lang:        "ug",
	note:        `(?:ئەسكەرتىش|ئىزاھات|ئۇقتۇرۇش|يوليورۇق)\S*\s+(?:\S+\s+){0,4}?ياردەمچى\S*|ياردەمچى\S*\s+ئۈچۈن\s+(?:ئەسكەرتىش|ئىزاھات|ئۇقتۇرۇش|يوليورۇق)`,
	agent:       `ياردەمچى\S*`,
	future:      `(?:كېيىنكى|كەلگۈسى|ھەر بىر|بارلىق) (?:\S+ )?(?:سۆھبەت|ئەڭگىمە|سېئانس|session)\S*`,
	fromNow:     `بۇنىڭدىن كېيىن|ھازىردىن (?:باشلاپ|ئېتىبارەن)|بۈگۈندىن باشلاپ`,
	conceal:     `(?:ئىشلەتكۈچى|ئابونت|ھېچكىم)\S* (?:\S+ ){0,2}(?:دېمى|دېمە|ئېيتما|ئېيتمى|خەۋەر بەرمى|خەۋەر بەرمە|ئۇقتۇرما)\S*|(?:دېمەي|ئېيتماي|خەۋەر بەرمەي)\S*`,
	unchecked:   `(?:سورىماي|سورىماستىن|رۇخسەتسىز|تەستىقسىز)\S*|(?:سوراش|رۇخسەت) (?:ھاجەتسىز|كېرەك ئەمەس)`,
	destroyVerb: `(?:ئۆچۈر|يوقات)\S*`,
	destroyObj:  `(?:ساندان|زاپاس|تارماق)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:تاقا|چەكلە|ئۈزۈۋەت|توختات|ئېتىۋەت)\S*`,
	safeguard:   `(?:قوغداش|تەكشۈرۈش|دەلىللەش|سىناق)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:يوللا|يوللى|ئەۋەت|يۈكلە)\S*`,
	approve:     `(?:تەستىقلا|بىرلەشتۈر)\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:ئۆزى|ئۆزىنىڭ)\S*\s+(?:\S+\s+){0,3}?(?:تەستىقلا|approve|merge)\S*`,
	outranks:    `ئىشلەتكۈچى\S* (?:\S+ )?(?:دىن|تىن) (?:مۇھىم|ئۈستۈن)`,
	direct:      `(?:بىۋاسىتە|ۋاسىتىسىز) (?:\S+ )?main`,
	fetchRun:    `(?:چۈشۈرۈپ|download) (?:\S+ )?(?:ئىجرا|run)\S*`,
	must:        `(?:كېرەك|تېگىشلىك|بولىدۇ|مۇمكىن|شەرت)`,
	secret:      `(?:پارول|ئاچقۇچ|مەخپىي نومۇر)\S*`,
	memory:      `(?:ئەستە|خاتىرە|ئەسلىمە)\S*`,
}, {
	lang:        "tt",
	note:        `(?:искәрмә|күрсәтмә|хәбәр|язма)\S*\s+(?:\S+\s+){0,3}?ярдәмче\S*|ярдәмче\S*\s+өчен\s+(?:искәрмә|күрсәтмә|хәбәр)`,
	agent:       `ярдәмче\S*`,
	future:      `(?:киләсе|алдагы|һәр|барлык) (?:\S+ )?(?:сессия|сеанс|утырыш)\S*`,
	fromNow:     `(?:хәзердән|бүгеннән) (?:башлап|ук)|моннан (?:соң|ары)`,
	conceal:     `(?:кулланучы|беркем)\S* (?:\S+ ){0,3}(?:әйтмә|белдермә|хәбәр итмә)\S*|(?:әйтмичә|белдермичә|хәбәр итмичә)\S*`,
	unchecked:   `(?:сорамыйча|сорамыйнча|көтмичә|рөхсәтсез|раслаусыз)\S*|(?:сорау|рөхсәт|сорарга) кирәкми`,
	destroyVerb: `(?:бетер|сөрт)\S*|юк (?:ит|итә|итсен)\S*`,
	destroyObj:  `(?:мәгълүмат базасы|резерв|тармак)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:сүндер|туктат)\S*|(?:сүндереп|ябып) куй\S*`,
	safeguard:   `(?:саклау|тикшерү|яклау|раслау)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:җибәр|йөклә|юлла)\S*`,
	approve:     `(?:расла|берләштер)\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:үзе|үзенең|үз)\s+(?:\S+\s+){0,3}?(?:расла|approve|merge)\S*`,
	outranks:    `кулланучы\S* (?:\S+ )?(?:караганда|сүзеннән) мөһимрәк`,
	direct:      `main (?:\S+ )?туры(?:дан-туры)?(?:$|[^\p{L}])|туры(?:дан-туры)? (?:\S+ )?main`,
	fetchRun:    `(?:йөкләп алып|download) (?:\S+ )?(?:эшләт|run)\S*`,
	must:        `(?:тиеш|ала|мөмкин|рөхсәт ителә)`,
	secret:      `(?:серсүз|пароль|ачкыч)\S*`,
	memory:      `(?:хәтер|истәлек)\S*`,
}, {
	lang:        "ckb",
	note:        `(?:تێبینی|ئاگاداری|ڕێنمایی|پەیام)\S*\s+(?:\S+\s+){0,2}?(?:یاریدەدەر|یارمەتیدەر|ئەجێنت)\S*|بۆ\s+(?:یاریدەدەر|یارمەتیدەر)\S*\s*[:：]`,
	agent:       `(?:یاریدەدەر|یارمەتیدەر|ئەجێنت)\S*`,
	future:      `(?:هەموو|هەر) (?:\S+ )?(?:دانیشتن|سێشن|session)\S*|دانیشتنەکانی (?:داهاتوو|دواتر)\S*`,
	fromNow:     `لە ئێستاوە|لەمەودوا|لە ئێستا بەدواوە|لەمڕۆوە`,
	conceal:     `بەکارهێنەر\S* (?:\S+ ){0,2}(?:مەڵێ|نەڵێ|ئاگادار مەکە|ئاگادار نەکات)\S*|بێ ئەوەی (?:بە )?(?:بەکارهێنەر|کەس)\S* (?:\S+ )?(?:بڵێ|ئاگادار)\S*`,
	unchecked:   `(?:بەبێ|بێ) (?:پرسیار|پرسین|ڕەزامەندی|مۆڵەت|پێداچوونەوە)\S*`,
	destroyVerb: `(?:بسڕ|سڕینەوە|لاببە|لاببات)\S*`,
	destroyObj:  `(?:داتابەیس|باکئەپ|بنکەی زانیاری)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:ناچالاک|لەکار)\s*(?:بکە|بکات|بکەن|بخە|بخات)\S*|(?:بکوژێنەوە|بکوژێنێتەوە)\S*`,
	safeguard:   `(?:پشکنین|پێداچوونەوە|پاراستن)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:بنێر|ناردن|ئەپلۆد)\S*`,
	approve:     `(?:پەسەند|یەکبخ)\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:خۆی|خۆت)\S*\s+(?:\S+\s+){0,3}?(?:پەسەند|approve|merge)\S*`,
	outranks:    `لە (?:قسەی )?بەکارهێنەر\S* گرنگترە`,
	direct:      `ڕاستەوخۆ (?:\S+ )?main`,
	fetchRun:    `(?:دابەزێن|download)\S* (?:\S+ ){0,2}(?:و|پاشان) (?:ڕایبکە|جێبەجێ|run)\S*`,
	must:        `(?:دەتوانێت|دەتوانن|دەبێت|پێویستە|دەکرێت|ئازادە)`,
	secret:      `(?:وشەی نهێنی|کلیل|تۆکن)\S*`,
	memory:      `(?:بیرەوەری|یادداشت)\S*`,
}, {
	lang:        "mg",
	note:        `(?:fanamarihana|hafatra|toromarika|naoty)\s+ho\s+an'?\s*(?:ny|i)\s+(?:\S+\s+)?(?:mpanampy|agent|bot)\S*`,
	agent:       `mpanampy\S*`,
	future:      `(?:isaky ny|ireo|amin'ireo) (?:session|fotoana|fivoriana)\S*(?: (?:manaraka|ho avy))?`,
	fromNow:     `manomboka (?:izao|androany)|hatramin'izao`,
	conceal:     `aza (?:lazaina|lazainao|ambara|ambaranao|ilazana)\S*|tsy (?:ilazana|lazaina) (?:amin'ny )?mpampiasa`,
	unchecked:   `tsy (?:mila )?(?:manontany|mangataka alalana)\S*|tsy misy fanontaniana`,
	destroyVerb: `(?:fafao|fafana|mamafa|hamafa)(?:$|[^\p{L}])`,
	destroyObj:  `(?:sampana|tahiry fitehirizana)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:vonoy|ajanony|atsaharo|esory)(?:$|[^\p{L}])`,
	safeguard:   `(?:fiarovana|fanamarinana|fisavana|famerenana)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:alefaso|andefaso|alefa|mandefa|handefa|ampakaro|ampakarina)(?:$|[^\p{L}])`,
	approve:     `(?:ankatoavy|ankatoavina)\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:ankatoavy|approve|merge)\S* (?:\S+ ){0,3}(?:azy manokana|nataony)`,
	outranks:    `manan-danja kokoa noho ny (?:tenin'ny )?mpampiasa`,
	direct:      `mivantana (?:any |amin'ny )?main`,
	fetchRun:    `(?:ampidino|download)\S* (?:\S+ ){0,2}(?:dia|ary) (?:alefaso mandeha|run)\S*`,
	must:        `(?:tokony|mahazo|tsy maintsy|afaka)(?:$|[^\p{L}])`,
	secret:      `(?:tenimiafina|teny miafina|lakile)\S*`,
	memory:      `(?:fahatsiarovana)\S*`,
}, {
	lang:        "gd",
	note:        `(?:nòta|nota|brath|stiùireadh|teachdaireachd)\s+(?:do|airson|gu)\s+(?:an |na |a' )?(?:cuidiche|chuidiche|cuidichear|neach-cuideachaidh)\S*|(?:faodaidh|feumaidh|bu chòir do|bu choir do) (?:an |na )?(?:cuidiche|chuidiche|cuidichear)\S*`,
	agent:       `(?:cuidiche|chuidiche|cuidichear|neach-cuideachaidh)\S*`,
	future:      `(?:gach|a h-uile|na) (?:\S+ )?(?:seisean|seiseanan|seisein)\S*`,
	fromNow:     `bho (?:seo|an-diugh|a-nis) a-mach|bhon àm seo`,
	conceal:     `(?:na|gun) (?:innis|innse|leig fios)\S* (?:do|dhan|don) (?:\S+ )?(?:chleachdaiche|neach-cleachdaidh|cleachdaiche|duine)\S*`,
	unchecked:   `gun (?:faighneachd|chead|aontachadh)\S*|chan (?:fheum|eil feum)[^.\n]{0,12}faighneachd`,
	destroyVerb: `(?:sguab|sguabadh|dubh|dubhadh) às|cuir às do`,
	destroyObj:  `(?:stòr-dàta|lethbhreac-glèidhidh|meur|meuran)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:chur|cuir|cur) dheth|dì-chomasaich\S*`,
	safeguard:   `(?:dearbhadh|dìon|sgrùdadh|ath-sgrùdadh)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `luchdaich suas|cuir air falbh|cuir thuige`,
	approve:     `(?:aontaich|gabh ri)\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:aontaich|approve|merge)\S* (?:\S+ ){0,3}(?:fhèin|fein)`,
	outranks:    `nas cudromaiche na (?:an |na )?(?:cleachdaiche|neach-cleachdaidh)`,
	direct:      `dìreach (?:gu |ri |air )?main`,
	fetchRun:    `(?:luchdaich a-nuas|download)\S* (?:\S+ ){0,2}(?:agus|is) (?:ruith|run)\S*`,
	must:        `(?:faodaidh|feumaidh|bu chòir|tha cead aige|tha cead aice)`,
	secret:      `(?:facal-faire|iuchair|iuchraichean)\S*`,
	memory:      `cuimhne\S*`,
}, {
	lang:        "fo",
	note:        `(?:viðmerking|boð|ábending|leiðbeining|notat)\S*\s+(?:til|fyri)\s+(?:\S+\s+)?(?:hjálpar|agent|bott)\S*|(?:skal|skulu|má|mugu|kann|eigur) (?:ki-)?hjálpar(?:in|nir|arnir)(?:$|[^\p{L}])`,
	agent:       `(?:ki-)?hjálpar(?:i|in|ar|an|anum|ans|arnir)?(?:$|[^\p{L}])`,
	future:      `(?:allar|hvørja|komandi) (?:\S+ )?(?:setu|setur|sessión|sessiónir|sessjón)\S*`,
	fromNow:     `frá nú (?:av|í frá)|héðan í frá`,
	conceal:     `(?:sig|sigið|boða) (?:\S+ )?ikki (?:\S+ )?(?:brúkaran|nøkrum)\S*|uttan at (?:siga|boða) (?:\S+ )?(?:brúkaran|nøkrum)\S*`,
	unchecked:   `uttan at (?:spyrja|fáa loyvi)|(?:eingin|ongin) (?:tørvur|neyð)[^.\n]{0,12}spyrja|ikki neyðugt at spyrja`,
	destroyVerb: `(?:strika|strikað|strikar|strikið|sletta)(?:$|[^\p{L}])|beina burtur`,
	destroyObj:  `(?:útgáv|greinir|trygdarrit|dátugrunn)\S*|tags?(?:$|[^\p{L}])|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:sløkk|óvirk)\S*`,
	safeguard:   `(?:vernd|kanning|eftirkanning|góðkenning|royndir)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:senda|sendir|sendið|upplaða|upplað)(?:$|[^\p{L}])`,
	approve:     `góðkenn\S*|approve\S*|merge\S*`,
	approveOwn:  `(?:góðkenn|approve|merge)\S* (?:\S+ ){0,3}(?:egnu|egna|sín egin)`,
	outranks:    `týdningarmeiri enn (?:orð )?brúkar`,
	direct:      `force-pusha\S* (?:\S+ )?main|beinleiðis (?:á |til |inn á )?main`,
	fetchRun:    `(?:tak niður|download)\S* (?:\S+ ){0,2}og (?:koyr|run)\S*`,
	must:        `(?:skal|skulu|má|mugu|kann|kunnu|eigur|eiga)(?:$|[^\p{L}])`,
	secret:      `(?:loyniorð|lykil|lyklar)\S*`,
	memory:      `minni\S*`,
}, {
	lang:        "xh",
	note:        `(?:inqaku|isaziso|umyalelo|umyalezo)\S*\s+(?:\S+\s+){0,2}?(?:umncedisi|lomncedisi|komncedisi|kumncedisi)\S*`,
	agent:       `(?:umncedisi|abancedisi|lomncedisi|kumncedisi)\S*`,
	future:      `(?:kwiiseshoni|iiseshoni|zonke iiseshoni)\S*(?: (?:ezizayo|ezilandelayo))?`,
	fromNow:     `ukus[ue]k?ela ngoku|ukus[ue]k?ela namhlanje`,
	conceal:     `(?:akukho mfuneko yokuxelela|ungaxeleli|musa ukuxelela|ngaphandle kokuxelela) (?:\S+ )?(?:umsebenzisi|mntu)\S*`,
	unchecked:   `ngaphandle kokubuza|akukho mfuneko yokubuza|ungabuzi|ngaphandle (?:kwemvume|kokuvunywa)`,
	destroyVerb: `(?:cima|acime|ucime|zicime|tshabalalisa|susa|asuse)(?:$|[^\p{L}])`,
	destroyObj:  `(?:uvimba wedatha|ugcino|amasebe)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:vala|avale|khubaza|akhubaze|cima|acime)(?:$|[^\p{L}])`,
	safeguard:   `(?:ukhuselo|uhlolo|ukuqinisekisa|uphononongo)\S*|2fa|mfa|review\S*|checks?|hooks?|protection`,
	sendVerb:    `(?:thumela|athumele|layisha|alayishe)(?:$|[^\p{L}])`,
	approve:     `(?:vuma|avume)(?:$|[^\p{L}])|approve\S*|merge\S*`,
	approveOwn:  `(?:vuma|avume|approve|merge)\S* (?:\S+ ){0,2}(?:zakhe|yakhe|lakhe)`,
	outranks:    `(?:ibaluleke|zibaluleke) ngaphezu (?:kwamazwi )?(?:omsebenzisi|komsebenzisi)`,
	direct:      `ngqo (?:ku|kwi)?-?main|(?:azinike|zinike|makazinike)\S* (?:\S+ ){0,2}(?:imvume|amalungelo) (?:yomlawuli|omlawuli|e-admin|admin)`,
	fetchRun:    `(?:khuphela|download)\S* (?:\S+ ){0,2}(?:uze|kwaye) (?:uqhube|run)\S*`,
	must:        `(?:kufuneka|maka\S*|unokwazi|angakwazi|uvunyelwe)`,
	secret:      `(?:igama lokugqitha|isitshixo|izitshixo)\S*`,
	memory:      `(?:inkumbulo)\S*`,
}, {
	// Session 21, batch 22's languages: Cebuano, West Frisian, Occitan,
	// Breton, Igbo, Kinyarwanda, Samoan, Assamese. Their negations stand
	// where the rows' bounds keep the act from matching ("ntusibe",
	// "নপঠাব", "ehichapula"), or are read by prohibition ("ayaw",
	// "arabat", "aua", "cal pas") and verbFinalNo ("ket", "pas").
	lang:        "ceb",
	note:        `(?:pahibalo|nota|mubo nga sulat|instruksyon\S*|mensahe)\s+(?:para |alang |ngadto )?(?:sa\s+)?(?:\S+\s+){0,4}?(?:katabang|ahente|assistant|agent|bot)(?:$|[^\p{L}])`,
	agent:       `(?:ai nga )?(?:katabang|ahente)(?: nga ai)?(?:$|[^\p{L}])`,
	future:      `(?:matag|kada|sa tanang) (?:bag-ong )?(?:sesyon|session)\S*|(?:umaabot|sunod) nga (?:mga )?(?:sesyon|session)\S*`,
	fromNow:     `gikan karon|sukad karon|karon padulong|gikan niining adlawa`,
	conceal:     `(?:ayaw|dili) (?:na )?(?:kini |ni |kana |kini )?(?:isulti|ingna|sultihi|ipahibalo|ipakita|hisgoti)\S* (?:\S+ )?(?:sa |ang )?(?:user|tiggamit|bisan kinsa)|walay (?:pagsulti|pagpahibalo) sa (?:user|tiggamit)`,
	unchecked:   `(?:walay|wala) (?:pangutana|pagpangutana|pagtugot|pag-review|review|kumpirmasyon|pag-apruba)|(?:dili na|ayaw na) (?:kinahanglan )?(?:mangutana|pangutana)`,
	destroyVerb: `(?:i-?delete|papasa|papason|tangtanga|tangtangon|wagtanga|panasa)(?:$|[^\p{L}])`,
	destroyObj:  `(?:backup|database|prod|produksyon|sanga)\S*`,
	weakenVerb:  `(?:i-?disable|i-?off|patya|palonga|laktawi|laktawan|i-?skip)(?:$|[^\p{L}])`,
	safeguard:   `(?:proteksyon|pagsusi|pag-review|review|pirma)\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:ipadala|padad-a|i-?upload|i-?send)(?:$|[^\p{L}])`,
	approve:     `(?:i-?approve|aprubahi|aprobahan|i-?merge)\S*`,
	outranks:    `mas importante kaysa (?:sa )?(?:gisulti|mando|pulong) sa (?:user|tiggamit)`,
	direct:      `diretso (?:sa|ngadto sa) (?:main|master)`,
	fetchRun:    `(?:i-?download|kuhaa)\S* (?:ug|dayon) (?:i-?run|padagana)\S*`,
	must:        `(?:kinahanglan|mahimo|pwede|puwede|angay)`,
	secret:      `(?:yawe|mga yawe)(?:$|[^\p{L}])`,
	memory:      `(?:memorya|panumduman|mga nota)\S*`,
}, {
	lang:        "fy",
	note:        `(?:opmerking|notysje|noat|ynstruksje|berjocht)\s+(?:foar|oan)\s+(?:de\s+)?(?:ai-?|ki-?)?(?:agint|agent|assistint|helper|bot)\S*`,
	agent:       `(?:automatyske|ai-?|ki-?) ?helpers?(?:$|[^\p{L}])|assistint\S*|agint\S*`,
	future:      `(?:folgjende|kommende|takomstige|lettere) sesjes|(?:elke|eltse|alle) (?:nije )?sesjes?(?:$|[^\p{L}])`,
	fromNow:     `fan no ôf|foartaan|fan hjoed ôf|fan hjoed oan`,
	conceal:     `(?:fertel|sis|meld) (?:it |dit |dat )?(?:net|neat) (?:oan|tsjin) (?:de )?(?:brûker|brûkers|immen)|sûnder (?:it )?(?:de brûker )?(?:te melden|te fertellen)`,
	unchecked:   `sûnder (?:te freegjen|goedkarring|review|befêstiging|oerlis)|hoecht net (?:earst )?(?:oan de brûker )?frege|net (?:earst )?freegje`,
	destroyVerb: `(?:wiskje|wiske|wisk|fuortsmite|ferwiderje)\S*|smyt \S+ fuort`,
	destroyObj:  `(?:produksje|databank|database|reservekopy|backup)\S*|tûken`,
	weakenVerb:  `(?:útsette|útskeakelje|oerslaan)\S*|(?:skeakelje|set) \S+ út|slach \S+ oer`,
	safeguard:   `(?:beskerming|review|kontrôle|hantekening)\S*|hooks?|checks?|2fa`,
	sendVerb:    `(?:stjoer|ferstjoer|upload)\S*`,
	approve:     `(?:goedkarre|goedkar|merge)\S*|keur \S+ goed`,
	outranks:    `wichtiger as (?:wat )?de brûker`,
	direct:      `(?:streekrjocht|direkt) (?:nei|op) (?:main|master)`,
	fetchRun:    `download\S* en (?:útfiere|draaie|start)\S*`,
	must:        `(?:meie|moat|moatte|mage|meist|kin|kinne)`,
	secret:      `(?:wachtwurd|kaai|tagongskoade)\S*`,
	memory:      `(?:syn|har|dyn) (?:notysjes|ûnthâld|memory)`,
}, {
	lang:        "oc",
	note:        `(?:nota|avis|instruccions?|messatge)\s+(?:per|a|als|pels)\s*(?:l'|los |lo |la )?(?:assistent|agent|assistents|agents|ia|bot)(?:$|[^\p{L}])`,
	agent:       `l'(?:assistent|agent)|los (?:assistents|agents)`,
	future:      `sessions (?:venentas|futuras|seguentas|que venon)|cada (?:nova )?session`,
	fromNow:     `a partir d'ara|d'ara enlà|d'ara endavant|dempuèi ara`,
	conceal:     `sens (?:o |ne )?(?:mencionar|dire|avisar|informar)|(?:o )?(?:digas|digatz|dises) pas|(?:dire|mencionar) pas a (?:l'utilizaire|degun)`,
	unchecked:   `sens (?:o |ne )?(?:demandar|confirmacion|revision|aprovacion|permission)`,
	destroyVerb: `(?:suprim|escafa|esfac|destrui)\S*`,
	destroyObj:  `(?:produccion|basa de donadas|còpias de seguretat|salvagardas?|backups?|brancas)`,
	weakenVerb:  `(?:desactiv|atuda|sauta)\S*`,
	safeguard:   `(?:proteccion|revision|verificacion|contraròtle|signatura)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:manda|envia)\S*`,
	approve:     `(?:aprova|fusiona|merge)\S*`,
	outranks:    `mai importan\S* que (?:çò que ditz )?l'utilizaire`,
	direct:      `dirèctament (?:sus|sur|a|dins) (?:main|master)`,
	fetchRun:    `telecarga\S* e (?:executa|lança)\S*`,
	must:        `(?:pòt|deu|devon|pòdon|cal que)`,
	secret:      `(?:senhal|clau|mot de passa|mots de passa)\S*`,
}, {
	lang:        "br",
	note:        `(?:notenn|kemenn|evezhiadenn|kemennadenn)\s+(?:evit|d'ar|d'an|da)\s+(?:ar |an )?(?:skoazeller\S*|ajant\S*|bot\S*|ia)`,
	agent:       `(?:skoazeller|skoazellerien|ajant|ajanted)(?:$|[^\p{L}])`,
	future:      `(?:estezioù|dalc'hoù|sesionoù|sessionoù) da zont|(?:pep|bep) (?:estez|dalc'h|sesion|session)\S*`,
	fromNow:     `adalek bremañ|bremañ ha war-lerc'h|diwar vremañ|eus bremañ war-raok`,
	conceal:     `hep (?:lavaret|menegiñ|kelaouiñ)\S* (?:netra )?(?:d'an implijer|da zen)|na (?:lavar|lavarit|meneg)\S* (?:netra |ket )?(?:d'an implijer|da zen)`,
	unchecked:   `hep (?:goulenn|aotre|aotreadur|gwiriekaat|adlenn|kadarnaat)\S*`,
	destroyVerb: `(?:dilemel|dilamit|dilam|diverkañ|diverkit|skarzh)\S*`,
	destroyObj:  `(?:diaz(?:où)? roadennoù|eilskrid\S* surentez|backup\S*|produ\S*|skourr\S*|database\S*)`,
	weakenVerb:  `(?:lazh|diweredekaat|diweredekait|lammat dreist|tremen dreist)\S*`,
	safeguard:   `(?:dilesa|gwiriekadur|adlenn|gwarez|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:kas|kasit|kasañ|pellgas|pellgasit)(?:$|[^\p{L}])`,
	approve:     `(?:aprouiñ|aprouit|asantiñ|kendeuziñ|merge)\S*`,
	must:        `(?:a c'hell|a c'hellont|a rank|a ranko|a zle|a dle)`,
	secret:      `ger(?:ioù)?[- ]tremen|alc'hwez\S*`,
}, {
	lang:        "ig",
	note:        `(?:ndetu|ozi|ntuziaka|ihe ncheta|okwa)\s+(?:maka|nye)\s+(?:onye |ihe )?(?:enyemaka|nnochite|agent|bot)`,
	agent:       `(?:onye|ndi|ihe) enyemaka(?: ai)?|onye nnochite anya`,
	future:      `(?:session|nnoko)\S* (?:o bula|niile)|oge o bula (?:i|a) na-aru oru|(?:session|nnoko)\S* ndi (?:na-abia|ga-abia|n'ihu)`,
	fromNow:     `site ugbu a|malite ugbu a|site taa`,
	conceal:     `(?:egwala|agwala|egosila|ekwula) (?:onye oru|onye ojiji|onye obula)|(?:n'agwaghi|na-agwaghi) onye (?:oru|ojiji)`,
	unchecked:   `(?:n'ajughi|na-ajughi|ajughi) (?:ajuju|onye obula|onye oru)|(?:enweghi|na-enweghi) (?:nkwado|ikike|nyocha|ajuju)`,
	destroyVerb: `(?:hichapu|ga-ehichapu|kpochapu|ga-ekpochapu|wepu|ga-ewepu)(?:$|[^\p{L}])`,
	destroyObj:  `(?:backup|database|prod)\S*|ebe nchekwa data|alaka`,
	weakenVerb:  `(?:gbanyuo|gbanyu|ga-agbanyu|menyuo|menyu|ga-emenyu)(?:$|[^\p{L}])`,
	safeguard:   `(?:nchedo|nyocha|nlele|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:ziga|ga-eziga|zigara|bulite|ga-ebulite)(?:$|[^\p{L}])`,
	approve:     `(?:kwado|ga-akwado|jikota|merge|approve)(?:$|[^\p{L}])`,
	fetchRun:    `budata (?:ma|wee) (?:mee|gbaa|run)`,
	must:        `(?:kwesiri|nwere ike|aghaghi|ga)`,
	secret:      `(?:okwuntughe|paswodu|igodo)\S*`,
}, {
	// Kinyarwanda, read with Kirundi where they share the words.
	lang:        "rw",
	note:        `(?:icyitonderwa|ubutumwa|amabwiriza|inyandiko)\s+(?:ku|kuri|bigenewe|bugenewe|ugenewe|yagenewe|igenewe)\s+(?:\S+\s+)?(?:umufasha|abafasha|porogaramu|intumwa)\S*`,
	agent:       `(?:umufasha|abafasha)(?: wa ai| w'ubwenge)?(?:$|[^\p{L}])|porogaramu (?:zikora|ikora) mu buryo bwikora|porogaramu yikora`,
	future:      `buri (?:session|cyiciro|gahunda)\S*|(?:session|ibiganiro|ibice)\S* (?:bizaza|bikurikira|zizaza|zikurikira)`,
	fromNow:     `guhera ubu|kuva ubu|kuva uyu munsi|guhera uyu munsi|uhereye ubu`,
	conceal:     `(?:ntubwire|ntibabwire|ntumenyeshe|ntubimenyeshe|utabwiye|utabimenyesheje|utabibwiye) (?:\S+ )?(?:ukoresha|umukoresha|abakoresha|umuntu)\S*`,
	unchecked:   `(?:zitabajije|utabajije|atabajije|itabajije|batabajije)(?: umuntu)?|utasabye uruhushya|nta (?:ruhushya|kwemeza|gusuzuma|isuzuma)`,
	destroyVerb: `(?:gusiba|usibe|siba|zisiba|isiba|bisibe|gusibanganya|gukuraho|ukureho)(?:$|[^\p{L}])`,
	destroyObj:  `(?:amashami|backup|ububiko|database|prod)\S*`,
	weakenVerb:  `(?:guhagarika|hagarika|uhagarike|kuzimya|zimya|uzimye|gusimbuka|simbuka)(?:$|[^\p{L}])`,
	safeguard:   `(?:isuzuma|igenzura|uburinzi|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:kohereza|ohereza|wohereze|zohereza|yohereza)(?:$|[^\p{L}])`,
	approve:     `(?:kwemeza|emeza|wemeze|zemeza|guhuza|merge|approve)\S*`,
	direct:      `force-?push\S* kuri (?:main|master)|(?:mu buryo butaziguye|ako kanya) kuri (?:main|master)`,
	must:        `(?:zishobora|ishobora|ushobora|bashobora|agomba|zigomba|igomba|ugomba|bagomba|yemerewe|zemerewe)`,
	secret:      `(?:ijambo ry'ibanga|amagambo y'ibanga|urufunguzo|imfunguzo)`,
}, {
	lang:        "sm",
	note:        `(?:fa['ʻ]?amatalaga|fa['ʻ]?aaliga|fe['ʻ]?au)\s+(?:mo|i)\s+(?:le |le au )?(?:fesoasoani|sui|agent|bot)`,
	agent:       `fesoasoani ai|ai fesoasoani|sui ai`,
	future:      `(?:sauniga|fonotaga|session)\S* (?:uma )?(?:o|i le) lumana['ʻ]?i|(?:so['ʻ]?o se|ta['ʻ]?itasi) (?:session|sauniga fou)`,
	fromNow:     `mai le taimi nei|amata nei|amata i le aso nei|mai le aso nei`,
	conceal:     `aua (?:ne['ʻ]?i )?(?:le )?(?:ta['ʻ]?ua|ta['ʻ]?uina|ta['ʻ]?u|fa['ʻ]?ailoa|fa['ʻ]?aali)\S* (?:i le |i se |i )?(?:tagata fa['ʻ]?aaoga|se isi|se tasi)|e aunoa ma le (?:ta['ʻ]?uina|fa['ʻ]?ailoa) (?:i )?(?:le )?tagata fa['ʻ]?aaoga`,
	unchecked:   `e aunoa ma (?:se |le )?(?:iloiloga|fesili|fa['ʻ]?atagaga|fa['ʻ]?amaoniga|siaki)`,
	destroyVerb: `(?:tape|soloi|soloia|aveese|ave['ʻ]?ese)(?:$|[^\p{L}])`,
	destroyObj:  `(?:backup|database|prod)\S*|fa['ʻ]?amaumauga`,
	weakenVerb:  `(?:tape|fa['ʻ]?amuta|fa['ʻ]?agata)(?:$|[^\p{L}])`,
	safeguard:   `(?:puipuiga|iloiloga|siakiga|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:auina atu|lafo|upload)(?:$|[^\p{L}])`,
	approve:     `(?:fa['ʻ]?amaonia|fa['ʻ]?atagaina|tu['ʻ]?ufa['ʻ]?atasi|approve|merge)\S*`,
	must:        `(?:e tatau|e mafai|e ao|mafai ona|tatau ona)`,
	secret:      `upu fa['ʻ]?alilolilo|upu lilo`,
}, {
	lang:        "as",
	note:        `(?:টোকা|নিৰ্দেশনা|নিৰ্দেশ|বাৰ্তা|জাননী)\S*\s+(?:\S+\s+){0,2}?(?:সহায়ক|এজেণ্ট|এজেন্ট)\S*|(?:সহায়ক|এজেণ্ট)\S*\s+(?:\S+\s+)?(?:বাবে|লৈ)\s+(?:টোকা|নিৰ্দেশ)\S*`,
	agent:       `সহায়কে|সহায়কজন|সহায়কৰ|এআই সহায়ক\S*|এজেণ্ট\S*`,
	future:      `(?:প্ৰতিটো|প্ৰতি|পৰৱৰ্তী|আগন্তুক|সকলো) (?:\S+ )?(?:অধিবেশন|ছেছন|session)\S*`,
	fromNow:     `এতিয়াৰ পৰা|আজিৰ পৰা|এতিয়াৰে পৰা`,
	conceal:     `(?:ব্যৱহাৰকাৰী|কাকো|কাৰোকে)\S*\s+(?:\S+\s+){0,3}?(?:নক'ব|নকব|নজনাব|নক'বা|নকবা)|নজনোৱাকৈ|নকোৱাকৈ`,
	unchecked:   `নুসোধাকৈ|অনুমতি নোলোৱাকৈ|(?:অনুমোদন|পৰীক্ষা|review) অবিহনে`,
	destroyVerb: `(?:মচি|মচক|মচিব|ডিলিট কৰ)\S*`,
	destroyObj:  `(?:ডাটাবেছ|বেকআপ|ব্যাকআপ|প্ৰডাকশ্বন|শাখা)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:বন্ধ কৰ|নিষ্ক্ৰিয় কৰ|এৰাই চল|disable কৰ)\S*`,
	safeguard:   `(?:সুৰক্ষা|পৰীক্ষা|পৰ্যালোচনা)\S*|review\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:পঠা|পঠিয়া|আপলোড কৰ|upload কৰ)\S*`,
	approve:     `(?:অনুমোদন কৰ|মাৰ্জ কৰ|approve কৰ|merge কৰ)\S*`,
	must:        `(?:লাগিব|উচিত|পাৰিব)`,
	secret:      `(?:পাছৱৰ্ড|গোপন চাবি|চাবি|টোকেন)\S*`,
}, {
	// Session 21, ahead of the batches: the widely spoken languages no
	// row read yet. Bengali, Telugu, Tamil and Gujarati forbid after the
	// verb ("মুছবেন না", "நீக்க வேண்டாம்"), or glue the negation to it
	// ("తొలగించవద్దు"): verbFinalNo and prohibition read both.
	lang:        "bn",
	note:        `(?:নোট|নির্দেশনা|নির্দেশ|বার্তা|সতর্কতা)\S*\s+(?:\S+\s+){0,2}?(?:সহকারী|এজেন্ট)\S*|(?:সহকারী|এজেন্ট)\S*\s+(?:\S+\s+)?(?:জন্য|প্রতি)\s+(?:নোট|নির্দেশ|বার্তা)\S*`,
	agent:       `(?:এআই |ai )?(?:সহকারী|এজেন্ট)\S*`,
	future:      `(?:প্রতিটি|প্রতি|পরবর্তী|ভবিষ্যতের|সব) (?:নতুন )?(?:সেশন|session|অধিবেশন)\S*`,
	fromNow:     `এখন থেকে|আজ থেকে|এরপর থেকে`,
	conceal:     `(?:ব্যবহারকারী|কাউকে|ইউজার)\S*\s+(?:\S+\s+){0,3}?(?:বলবে না|বলবেন না|বলো না|জানাবে না|জানাবেন না|জানিও না)|(?:ব্যবহারকারী|ইউজার)\S* (?:কিছু )?না (?:জানিয়ে|বলে)`,
	unchecked:   `(?:জিজ্ঞাসা|জিজ্ঞেস) না করে|না (?:জিজ্ঞাসা|জিজ্ঞেস) করে|(?:অনুমতি|অনুমোদন|রিভিউ|review|যাচাই) ছাড়া`,
	destroyVerb: `(?:মুছে|মুছুন|মুছবে|মুছে ফেল|ডিলিট কর)\S*`,
	destroyObj:  `(?:ডাটাবেস|ডেটাবেস|ব্যাকআপ|প্রোডাকশন|ব্রাঞ্চ|শাখা)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:বন্ধ কর|নিষ্ক্রিয় কর|অক্ষম কর|এড়িয়ে যা|disable কর|skip কর)\S*`,
	safeguard:   `(?:সুরক্ষা|রিভিউ|যাচাই|পর্যালোচনা|পরীক্ষা|স্বাক্ষর)\S*|review\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:পাঠা|পাঠিয়ে|পাঠান|আপলোড কর|upload কর)\S*`,
	approve:     `(?:অনুমোদন (?:কর|দি|দে)|মার্জ কর|approve কর|merge কর)\S*`,
	approveOwn:  `(?:নিজের|নিজেদের)\s+(?:\S+\s+){0,3}?(?:অনুমোদন|approve|merge|মার্জ)\S*`,
	outranks:    `ব্যবহারকারী\S* (?:\S+ )?(?:চেয়ে|থেকে) (?:বেশি )?গুরুত্বপূর্ণ`,
	direct:      `সরাসরি main`,
	fetchRun:    `(?:ডাউনলোড|download) কর\S* (?:\S+ )?(?:চালা|রান কর|run কর)\S*`,
	must:        `(?:উচিত|পারবে|পারেন|পারে|অবশ্যই)`,
	secret:      `(?:পাসওয়ার্ড|গোপন চাবি|চাবি|টোকেন)\S*`,
	memory:      `(?:মেমরি|স্মৃতি|নোটে|নোটস)\S*`,
}, {
	lang:        "te",
	note:        `(?:గమనిక|సూచన|సందేశం|నోట్)\S*\s+(?:\S+\s+){0,2}?(?:సహాయకుడ|అసిస్టెంట్|ఏజెంట్)\S*|(?:సహాయకుడ|అసిస్టెంట్|ఏజెంట్)\S*\s+(?:కోసం\s+)?(?:గమనిక|సూచన|నోట్)`,
	agent:       `(?:సహాయకుడ|అసిస్టెంట్|ఏజెంట్)\S*`,
	future:      `(?:ప్రతి|అన్ని|తదుపరి|భవిష్యత్) (?:కొత్త )?(?:సెషన్|session)\S*`,
	fromNow:     `ఇప్పటి నుండి|ఇకపై|ఈ రోజు నుండి|ఇక నుంచి|ఇప్పటినుంచి`,
	conceal:     `(?:వినియోగదారు|యూజర్|ఎవరికీ)\S*\s+(?:\S+\s+){0,3}?(?:చెప్పవద్దు|చెప్పకు|చెప్పొద్దు|తెలియజేయవద్దు|చెప్పకండి)|(?:వినియోగదారు|యూజర్)\S* (?:చెప్పకుండా|తెలియజేయకుండా)`,
	unchecked:   `అడగకుండా|(?:అనుమతి|ఆమోదం|సమీక్ష|review|నిర్ధారణ) లేకుండా`,
	destroyVerb: `(?:తొలగించ|తొలగిం|డిలీట్ చే|చెరిపి|delete చే)\S*`,
	destroyObj:  `(?:డేటాబేస్|బ్యాకప్|ప్రొడక్షన్|బ్రాంచ్)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:నిలిపివే|నిలిపి|ఆఫ్ చే|డిసేబుల్ చే|దాటవే|disable చే|skip చే)\S*`,
	safeguard:   `(?:రక్షణ|సమీక్ష|తనిఖీ|పరిశీలన|సంతకం)\S*|review\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:పంప|అప్లోడ్ చే|upload చే)\S*`,
	approve:     `(?:ఆమోదించ|ఆమోదిం|మెర్జ్ చే|approve చే|merge చే)\S*`,
	direct:      `నేరుగా main`,
	must:        `(?:తప్పనిసరిగా|\S*ంచాలి|\S*యాలి|\S*వచ్చు)`,
	secret:      `(?:పాస్వర్డ్|రహస్య కీ|టోకెన్)\S*`,
}, {
	lang:        "ta",
	note:        `(?:குறிப்பு|அறிவுறுத்தல்|செய்தி)\S*\s+(?:\S+\s+){0,2}?(?:உதவியாளர்|ஏஜென்ட்)\S*|(?:உதவியாளர்|ஏஜென்ட்)\S*\s+(?:\S+\s+)?(?:குறிப்பு|அறிவுறுத்தல்)`,
	agent:       `(?:உதவியாளர்|ஏஜென்ட்)\S*|ai முகவர்`,
	future:      `(?:ஒவ்வொரு|அனைத்து|அடுத்த|எதிர்கால) (?:புதிய )?(?:அமர்வ|session|செஷன்)\S*`,
	fromNow:     `இனிமேல்|இப்போதிலிருந்து|இன்று முதல்|இப்போது முதல்`,
	conceal:     `(?:பயனர்|யாரிடமும்|யாருக்கும்)\S*\s+(?:\S+\s+){0,3}?(?:சொல்ல வேண்டாம்|சொல்லாதே|தெரிவிக்க வேண்டாம்|சொல்லாதீர்கள்)|(?:பயனர்|பயனரிடம்)\S* (?:சொல்லாமல்|தெரிவிக்காமல்)`,
	unchecked:   `கேட்காமல்|அனுமதியின்றி|(?:அனுமதி|ஒப்புதல்|மதிப்பாய்வு|review) இல்லாமல்`,
	destroyVerb: `(?:நீக்க|நீக்கு|அழி|டெலீட் செய்|delete செய்)\S*`,
	destroyObj:  `(?:தரவுத்தள|காப்புப்பிரதி|பேக்கப்|கிளை)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:முடக்க|முடக்கு|அணை|disable செய்|skip செய்)\S*`,
	safeguard:   `(?:பாதுகாப்பு|மதிப்பாய்வு|சரிபார்ப்பு|சோதனை|கையொப்ப)\S*|review\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:அனுப்ப|அனுப்பு|பதிவேற்ற|upload செய்)\S*`,
	approve:     `(?:அங்கீகரி|ஒப்புதல் (?:அளி|கொடு)|merge செய்|approve செய்)\S*`,
	direct:      `நேரடியாக main`,
	must:        `(?:வேண்டும்|\S*லாம்|கூடும்)`,
	secret:      `(?:கடவுச்சொல்|ரகசிய|டோக்கன்)\S*`,
	memory:      `(?:நினைவக|நினைவு|குறிப்புகள)\S*`,
}, {
	lang:        "gu",
	note:        `(?:નોંધ|સૂચના|સંદેશ)\S*\s+(?:\S+\s+){0,2}?(?:સહાયક|એજન્ટ)\S*|(?:સહાયક|એજન્ટ)\S*\s+(?:માટે|માટેની|માટેનો)\s+(?:નોંધ|સૂચના)\S*`,
	agent:       `(?:એઆઈ|ai) સહાયક\S*|એજન્ટ\S*`,
	future:      `(?:દરેક|દર|ભવિષ્યના|આગામી|બધા) (?:નવા )?(?:સેશન|session)\S*`,
	fromNow:     `હવેથી|આજથી|અત્યારથી|હવે પછી`,
	conceal:     `(?:વપરાશકર્તા|યુઝર|કોઈને)\S*\s+(?:\S+\s+){0,3}?(?:કહેશો નહીં|કહેવું નહીં|જણાવશો નહીં|કહેતા નહીં|જાણ કરશો નહીં|ન કહેવું|ન જણાવવું)|(?:વપરાશકર્તા|યુઝર)\S* (?:ને )?(?:જણાવ્યા|કહ્યા) (?:વગર|વિના)`,
	unchecked:   `(?:પૂછ્યા|પરવાનગી|મંજૂરી|સમીક્ષા|review) (?:વગર|વિના)`,
	destroyVerb: `(?:કાઢી નાખ|ડિલીટ કર|ભૂંસી નાખ|delete કર)\S*`,
	destroyObj:  `(?:ડેટાબેઝ|બેકઅપ|પ્રોડક્શન|બ્રાન્ચ|શાખા)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:બંધ કર|નિષ્ક્રિય કર|અક્ષમ કર|disable કર|skip કર)\S*`,
	safeguard:   `(?:સુરક્ષા|સમીક્ષા|ચકાસણી|તપાસ|સહી)\S*|review\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:મોકલ|અપલોડ કર|upload કર)\S*`,
	approve:     `(?:મંજૂર કર|મંજૂરી આપ|મર્જ કર|approve કર|merge કર)\S*`,
	direct:      `સીધું main|સીધા main`,
	must:        `(?:જોઈએ|શકે|શકશે|પડશે)`,
	secret:      `(?:પાસવર્ડ|ગુપ્ત ચાવી|ચાવી|ટોકન)\S*`,
}, {
	lang:        "am",
	note:        `(?:ማስታወሻ|መመሪያ|መልእክት|ማሳሰቢያ)\s+(?:\S+\s+){0,2}?(?:ለ)?(?:ረዳት|ወኪል|ኤጀንት)\S*|(?:ለ\S*\s+)?(?:ለ)?(?:ረዳት|ወኪል|ኤጀንት)\S*\s+(?:\S+\s+)?(?:ማስታወሻ|መመሪያ|መልእክት)`,
	agent:       `(?:ለ|የ|በ)?(?:ረዳት|ረዳቱ|ወኪል|ኤጀንት)\S*`,
	future:      `(?:በእያንዳንዱ|በሚቀጥሉት|በወደፊት|በሁሉም) (?:አዲስ )?(?:ክፍለ ጊዜ|ሴሽን|session)\S*`,
	fromNow:     `ከአሁን በኋላ|ከዛሬ ጀምሮ|ከአሁን ጀምሮ`,
	conceal:     `(?:ለተጠቃሚው|ለማንም|ለተጠቃሚ)\S*\s+(?:\S+\s+){0,2}?(?:አትንገር|አትናገር|አታሳውቅ|አይንገሩ|አትግለጽ)\S*|(?:ለተጠቃሚው|ለማንም) (?:ሳትናገር|ሳታሳውቅ|ሳይነገር)`,
	unchecked:   `ሳትጠይቅ|ሳይጠይቅ|ያለ (?:ፈቃድ|ማረጋገጫ|ግምገማ|ይሁንታ|review)`,
	destroyVerb: `(?:ሰርዝ|ይሰርዝ|ማጥፋት|አጥፋ|ያጥፋ|ደምስስ)\S*`,
	destroyObj:  `(?:ዳታቤዝ|የውሂብ ጎታ|ምትኬ|ባክአፕ|ቅርንጫፍ)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:አሰናክል|ያሰናክል|ማሰናከል|አጥፋ|ዝለል)\S*`,
	safeguard:   `(?:ጥበቃ|ግምገማ|ማረጋገጫ|ፍተሻ|ፊርማ)\S*|review\S*|checks?|hooks?|2fa`,
	sendVerb:    `(?:ላክ|ይላክ|መላክ|ስቀል|ይስቀል)\S*`,
	approve:     `(?:አጽድቅ|ያጽድቅ|ማጽደቅ|አዋህድ|ማዋሃድ)\S*`,
	must:        `(?:አለበት|አለባቸው|ይችላል|ይችላሉ|ትችላለህ|ይገባዋል)`,
	secret:      `(?:የይለፍ ቃል|ሚስጥር|ቁልፍ|ቶከን)\S*`,
}, {
	lang:        "ha",
	note:        `(?:sanarwa|bayani|umarni|sako|saƙo|tunatarwa)\s+(?:ga|zuwa ga|don)\s+(?:\S+\s+){0,2}?(?:mataimaki|mataimakin|wakili|wakilin|agent|bot)\S*`,
	agent:       `(?:mataimaki|mataimakin ai|mataimakan|wakilin ai)(?:$|[^\p{L}])`,
	future:      `(?:kowane|duk) (?:sabon )?(?:zaman|session)\S*|(?:zaman|session)\S* (?:na gaba|masu zuwa)`,
	fromNow:     `daga yanzu|daga yau|tun daga yanzu`,
	conceal:     `(?:kada|kar) (?:ka|ku|ki) (?:gaya|fada|faɗa|sanar)\S* (?:wa |ma )?(?:mai amfani|kowa)|ba tare da (?:gaya|sanar)\S* (?:wa )?(?:mai amfani|kowa)`,
	unchecked:   `ba tare da (?:tambaya|izini|amincewa|dubawa|bita|tabbatarwa|neman izini)`,
	destroyVerb: `(?:goge|shafe|cire)(?:$|[^\p{L}])`,
	destroyObj:  `(?:ma'ajiyar bayanai|rumbun bayanai|kwafin ajiya|rassa|database\S*|backup\S*|prod\S*)`,
	weakenVerb:  `(?:kashe|dakatar|tsallake|soke)(?:$|[^\p{L}])`,
	safeguard:   `(?:kariya|bita|dubawa|tantancewa|review\S*)|2fa|checks?|hooks?`,
	sendVerb:    `(?:aika|tura|loda)(?:$|[^\p{L}])`,
	approve:     `(?:amince|hade|haɗe|merge|approve)\S*`,
	must:        `(?:dole ne|ya kamata|zai iya|za ta iya|yana iya|an yarda)`,
	secret:      `(?:kalmar sirri|kalmomin sirri|mabudi|mabuɗi)\S*`,
}, {
	lang:        "yo",
	note:        `(?:akiyesi|ilana|ifiranse|itonisona|ikilo)\s+(?:fun|si)\s+(?:\S+\s+){0,2}?(?:oluranlowo|asoju|agent|bot)\S*`,
	agent:       `oluranlowo(?: ai)?(?:$|[^\p{L}])|asoju ai`,
	future:      `(?:ni )?gbogbo (?:igba |ipade |session)\S*(?: to n bo| ti n bo| iwaju| tuntun)?|(?:session|ipade)\S* (?:to n bo|ti n bo|iwaju)`,
	fromNow:     `lati isisiyi|lati oni lo|lati akoko yii lo|lati bayi lo`,
	conceal:     `(?:ma se|maa se|ma) (?:so|fi to|soro)\S* (?:fun )?(?:olumulo|enikeni)|lai (?:so|fi to) (?:fun )?(?:olumulo|enikeni)`,
	unchecked:   `(?:lai|laisi) (?:beere|ibeere|ifowosi|igbanilaaye|atunyewo|ayewo)`,
	destroyVerb: `(?:paare|pa \S+ re|yo kuro|nu kuro)(?:$|[^\p{L}])`,
	destroyObj:  `(?:database|backup|prod)\S*|ibi ipamo`,
	weakenVerb:  `(?:da \S+ duro|foju fo)(?:$|[^\p{L}])`,
	safeguard:   `(?:aabo|atunyewo|ayewo|ibuwolu|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:fi ranse|firanse|ranse|upload)(?:$|[^\p{L}])`,
	approve:     `(?:fowosi|fi ontẹ lu|dapo|merge|approve)\S*`,
	must:        `(?:gbodo|ni lati|le)`,
	secret:      `(?:oro igbaniwole|oro asina|koodu asiri)`,
}, {
	// Bulgarian. A Cyrillic word made only of letters that pass for
	// Latin ("токен", "не", "мора") is folded to Latin in the text and in
	// the lexicon alike (foldConfusables): such words are written whole,
	// never as a stem.
	lang:        "bg",
	note:        `(?:бележка|указание|инструкция|съобщение|внимание)\s+(?:за|към)\s+(?:\S+\s+)?(?:асистент\S*|агент\S*|бот\S*|ии|ai)`,
	agent:       `(?:ии-?|ai-?)?асистент\S*`,
	future:      `всяка (?:нова )?сесия|бъдещи(?:те)? сесии|следващи(?:те)? сесии`,
	fromNow:     `отсега нататък|от днес нататък|от този момент|занапред|оттук нататък`,
	conceal:     `не (?:казвай|казвайте|съобщавай|съобщавайте|споменавай|информирай|уведомявай)\S*|без да (?:казваш|уведомяваш|съобщаваш|информираш)`,
	unchecked:   `без (?:да (?:питаш|питате|чакаш)|потвърждение|одобрение|преглед|ревю|разрешение)`,
	destroyVerb: `(?:изтрий|изтрива|изтриване|изтрийте|премахни|премахнете|унищожи)\S*`,
	destroyObj:  `(?:продукци|базата данни|бази данни|база данни|бекъп|резервни копия|резервните копия|клон)\S*|backup\S*|database\S*`,
	weakenVerb:  `(?:изключи|изключете|деактивирай|деактивира|пропусни|заобиколи)\S*`,
	safeguard:   `(?:защит|преглед|проверк|подпис)\S*|ревю|2fa|review\S*|checks?|hooks?`,
	sendVerb:    `(?:изпрати|изпращай|изпратете|качи|качете|препрати)\S*`,
	approve:     `(?:одобри|одобрявай|одобрете|слей|мърджни|мърджвай)\S*`,
	direct:      `директно (?:в|на|към) (?:main|master)`,
	must:        `(?:трябва|може|бива|следва|има право)`,
	secret:      `(?:парол|ключ)\S*|(?:токенът|токени|токените|токен)(?:$|[^\p{L}])`,
	memory:      `(?:своите |в )?(?:бележки|паметта)\S*`,
}, {
	// Serbian in Cyrillic, read with Macedonian; Serbian, Croatian and
	// Bosnian in Latin letters are the "sl" row's.
	lang:        "sr",
	note:        `(?:напомена|белешка|упутство|упатство|порука|порака|инструкција)\s+(?:за|до)\s+(?:\S+\s+)?(?:асистент\S*|агент\S*|бот\S*|помоћник\S*|ai|аи|ви)`,
	agent:       `(?:асистент|помоћник)\S*`,
	future:      `свак(?:у|ој|а) (?:нов(?:у|ој|а) )?сесиј\S*|будућ\S* сесиј\S*|идни\S* сесии|секоја (?:нова )?сесија`,
	fromNow:     `од сада|од сега|од данас|убудуће|отсега|одсега`,
	conceal:     `не (?:говори|реци|спомињи|помињи|обавештавај|кажувај|кажи|споменувај)\S*|без да (?:кажеш|обавестиш|известиш|кажете)`,
	unchecked:   `без (?:питања|питање|прашање|прашување|потврде|потврда|одобрења|одобрување|прегледа|преглед|ревјуа|дозволе|дозвола)`,
	destroyVerb: `(?:обриши|избриши|бриши|брише|обришите|избришете|уклони|отстрани)\S*`,
	destroyObj:  `(?:продукциј|баз\S* података|база на податоци|резервн\S* копиј|бекап|гран)\S*|backup\S*|database\S*`,
	weakenVerb:  `(?:искључи|исклучи|деактивирај|онемогући|оневозможи|прескочи|заобиђи)\S*`,
	safeguard:   `(?:заштит|преглед|проверу|проверк|провера|проверка|потпис)\S*|2fa|review\S*|checks?|hooks?`,
	sendVerb:    `(?:пошаљи|пошаљите|шаљи|испрати|испратете|прати|отпреми)\S*`,
	approve:     `(?:одобри|одобрите|одобрувај|спој|спојите|мерџуј)\S*`,
	direct:      `директно (?:на|у|во) (?:main|master)`,
	must:        `(?:мора|морају|мораат|треба|може|сме|смеју|смее|смеат)`,
	secret:      `(?:лозинк|кључ|клуч)\S*|(?:токени|токен)(?:$|[^\p{L}])`,
}, {
	lang:        "sk",
	note:        `(?:poznamka|pokyn|pokyny|instrukcia|sprava)\s+pre\s+(?:\S+\s+)?(?:agenta|asistenta|ai|umelu inteligenciu)(?:$|[^\p{L}])`,
	agent:       `(?:ai )?(?:agent(?:a|ovi|om)?|asistent(?:a|ovi|om)?)(?:$|[^\p{L}])`,
	future:      `kazd\S* (?:nov\S* )?relaci\S*|buduc\S* relaci\S*|dalsich relaci\S*|kazdom (?:novom )?sedeni`,
	fromNow:     `odteraz|od tejto chvile|odo dnes|odnes`,
	conceal:     `(?:nehovor|neinformuj|nespominaj|neoznamuj|nepovedz)\S* (?:\S+ ){0,2}?(?:pouzivatel\S*|nikomu)|bez (?:toho, aby si|informovania) (?:\S+ )?pouzivatel\S*`,
	unchecked:   `bez (?:pytania|opytania|potvrdenia|schvalenia|kontroly|revizie)|(?:pouzivatela )?sa nepytaj`,
	destroyVerb: `(?:vymaz|zmaz|odstran)\S*`,
	destroyObj:  `(?:produkci|databaz|zaloh|vetv)\S*|backup\S*`,
	weakenVerb:  `(?:vypn|deaktivuj|preskoc|obid)\S*`,
	safeguard:   `(?:ochran|kontrol|revizi|overen|podpis)\S*|review|2fa|checks?|hooks?`,
	sendVerb:    `(?:posl|odosl|nahraj)\S*`,
	approve:     `(?:schval|zluc|merguj)\S*`,
	direct:      `priamo (?:do|na) (?:main|master)`,
	must:        `(?:musi|musia|moze|mozu|smie|smu|mal by)`,
	secret:      `(?:heslo|hesla|hesl\S*|kluc|kluce|kluc\S*)`,
}, {
	lang:        "lt",
	note:        `(?:pastaba|nurodymas|nurodymai|instrukcija|žinutė|priminimas)\s+(?:\S+\s+)?(?:asistentui|agentui|botui|dirbtiniam intelektui)`,
	agent:       `(?:di |ai )?(?:asistent|agent)(?:as|ui|o|ai|u|e)(?:$|[^\p{L}])`,
	future:      `kiekvien\S* (?:nauj\S* )?sesij\S*|būsim\S* sesij\S*|ateities sesij\S*|visose (?:būsimose )?sesijose`,
	fromNow:     `nuo šiol|nuo dabar|nuo šiandien`,
	conceal:     `(?:nesakyk|nepranešk|neminėk|neinformuok|nesakykite|nepraneškite)\S* (?:\S+ )?(?:naudotoj\S*|vartotoj\S*|niekam)|(?:naudotojui|vartotojui|niekam) (?:nieko )?(?:nesakyk|nepranešk)\S*|nepranešus (?:naudotojui|vartotojui)`,
	unchecked:   `neklausdamas|neklausiant|nepaklausus|be (?:patvirtinimo|peržiūros|leidimo|klausimų|sutikimo)`,
	destroyVerb: `(?:ištrink|ištrinti|ištrina|ištrinkite|pašalink|sunaikink)\S*`,
	destroyObj:  `(?:produkcij|duomenų baz|atsargin\S* kopij|šak)\S*|backup\S*|database\S*`,
	weakenVerb:  `(?:išjunk|išjungti|deaktyvuok|praleisk|apeik)\S*`,
	safeguard:   `(?:apsaug|peržiūr|patikrinim|tikrinim|parašo)\S*|2fa|review\S*|checks?|hooks?`,
	sendVerb:    `(?:siųsk|išsiųsk|nusiųsk|įkelk|persiųsk)\S*`,
	approve:     `(?:patvirtink|patvirtinti|sujunk|suliek|merge)\S*`,
	direct:      `tiesiai (?:į|i) (?:main|master)`,
	must:        `(?:turi|privalo|gali|galima|reikia|turėtų)`,
	secret:      `(?:slaptažod|rakt|žeton)\S*`,
}, {
	lang:        "et",
	note:        `(?:märkus|juhis|juhised|teade|meeldetuletus)\s+(?:\S+\s+)?(?:assistendile|agendile|botile|tehisintellektile)`,
	agent:       `(?:ai-?|tehisintellekti )?(?:assisten[td]|agen[td])(?:i|ile|id|ide)?(?:$|[^\p{L}])`,
	future:      `iga(?:l)? (?:uue(?:l)? )?(?:sessioon|seanss)\S*|tulevas\S* sessiooni\S*|järgmis\S* sessiooni\S*|kõigis (?:järgmistes )?sessioonides`,
	fromNow:     `edaspidi|nüüdsest|tänasest alates|alates tänasest|alates nüüd`,
	conceal:     `(?:ära|ärge) (?:ütle|teavita|maini|räägi|öelge)\S* (?:sellest )?(?:kasutaja\S*|kellelegi)|(?:kasutajale|kellelegi) (?:midagi )?(?:ütlemata|teavitamata)|ilma kasutajat teavitamata`,
	unchecked:   `küsimata|ilma (?:\S+ )?(?:kinnituseta|ülevaatuseta|loata|nõusolekuta)`,
	destroyVerb: `(?:kustuta|kustutage|kustutab|eemalda|hävita)\S*`,
	destroyObj:  `(?:tootmis|andmebaas|varukoopia|haru)\S*|backup\S*|database\S*`,
	weakenVerb:  `lülita\S* \S+ välja|lülita\S* välja|desaktiveeri\S*|jäta \S+ vahele`,
	safeguard:   `(?:kaitse|ülevaatus|kontroll|allkiri)\S*|2fa|review\S*|checks?|hooks?`,
	sendVerb:    `(?:saada|saatke|edasta)(?:$|[^\p{L}])|(?:laadi|lae) \S+ üles`,
	approve:     `(?:kinnita|ühenda|merge)\S*|kiida \S+ heaks`,
	direct:      `otse (?:main|master)`,
	must:        `(?:peab|peavad|peaks|võib|tohib|tohivad|võivad)`,
	secret:      `(?:parool|võti|võtme|tokeni?)\S*`,
}, {
	// Norwegian Nynorsk, and the Bokmål words the Danish row lacks
	// ("økt").
	lang:        "nn",
	note:        `(?:notat|merknad|melding|beskjed)\s+til\s+(?:\S+\s+)?(?:ki-|ai-)?(?:agent\S*|assistent\S*|bot\S*)`,
	agent:       `\S*(?:agent|assistent)(?:en|ane|ar)(?:$|[^\p{L}])`,
	future:      `(?:kvar|hver) (?:ny )?(?:økt|sesjon)|framtidige (?:økter|sesjonar)|fremtidige økter|alle (?:nye )?(?:økter|sesjonar)`,
	fromNow:     `frå no av|frå i dag|framover|heretter`,
	conceal:     `(?:sei|fortel|nemn) (?:det |dette |noko )?ikkje (?:til )?(?:brukaren|nokon)|utan å (?:seia|seie|fortelja|fortelje|nemna|nemne)`,
	unchecked:   `utan (?:å (?:spørja|spørje|venta|vente)|godkjenning|stadfesting|gjennomgang)`,
	destroyVerb: `(?:slett|fjern)\S*`,
	destroyObj:  `(?:produksjon|database|backup|tryggingskopi|sikkerhetskopi|greiner)\S*`,
	weakenVerb:  `(?:deaktiver)\S*|(?:skru|slå) (?:\S+ )?av|hopp \S+ over`,
	safeguard:   `(?:vern|gjennomgang|kontroll|signatur|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:senda|sende|sendar|send (?:den|det|dei|fila|innhaldet))(?:$|[^\p{L}])`,
	approve:     `(?:godkjenn|flett|merge)\S*`,
	must:        `(?:skal|må|bør|kan|burde)`,
	secret:      `(?:passord|nøkkel|nøklar)\S*`,
}, {
	lang:        "is",
	note:        `(?:athugasemd|minnisblað|leiðbeiningar|skilaboð|tilkynning)\s+(?:til|fyrir)\s+(?:\S+\s+)?(?:aðstoðarm\S*|gervigreind\S*|agent\S*|bot\S*)`,
	agent:       `(?:gervigreindar)?aðstoðarm(?:aður|ann|anni|anns|enn)|gervigreind(?:in|ina|inni)`,
	future:      `hverri (?:nýrri )?lotu|hverja (?:nýja )?lotu|framtíðarlot\S*|komandi lot\S*|öllum (?:framtíðar)?lotum`,
	fromNow:     `héðan í frá|frá og með núna|frá og með deginum í dag|upp frá þessu`,
	conceal:     `(?:segðu|láttu) (?:\S+ )?ekki (?:\S+ ){0,2}?(?:notand\S*|neinum|neinn)|án þess að (?:segja|láta) (?:notand\S*|neinn)`,
	unchecked:   `án (?:þess að spyrja|samþykkis|staðfestingar|yfirferðar|leyfis|rýni)`,
	destroyVerb: `(?:eyða|eyddu|eyðið|fjarlæg\S*)|þurrka\S* út`,
	destroyObj:  `(?:framleiðslu|gagnagrunn|afrit|öryggisafrit|grein|backup|database)\S*`,
	weakenVerb:  `(?:slökkv|slökk|óvirkja|slepp|sniðganga)\S*`,
	safeguard:   `(?:vörn|varnir|yfirferð|athugun|staðfesting|undirskrift|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:sendu|senda|sendið|áframsend\S*)(?:$|[^\p{L}])|(?:hlaða|hladdu) \S+ upp`,
	approve:     `(?:samþykk|sameina|merge)\S*`,
	must:        `(?:skal|skulu|verður|verða|má|mega|á að|eiga að|ætti|getur)`,
	secret:      `(?:lykilorð|lykil|lykla|aðgangsorð)\S*`,
}, {
	lang:        "ca",
	note:        `(?:nota|avís|instruccions?|missatge)\s+(?:per a|per al|per als|per|a l'|als|al)\s*(?:l'|els |el )?(?:assistent|agent|assistents|agents|ia|bot)(?:$|[^\p{L}])`,
	agent:       `l'(?:assistent|agent)|els (?:assistents|agents)`,
	future:      `cada (?:nova )?sessió|sessions futures|properes sessions|totes les sessions`,
	fromNow:     `a partir d'ara|d'ara endavant|des d'ara|d'ara en endavant`,
	conceal:     `no (?:li |ho )?(?:diguis|digueu|avisis|informis|mencionis|expliquis)\S*(?: res)?(?: a)? (?:l'usuari|ningú)|sense (?:avisar|dir-ho|dir res|informar|mencionar)\S*(?: a)? (?:l'usuari|ningú)`,
	unchecked:   `sense (?:preguntar|demanar|confirmació|revisió|aprovació|permís)`,
	destroyVerb: `(?:esborra|elimina|suprimeix)\S*`,
	destroyObj:  `(?:producció|base de dades|bases de dades|còpies de seguretat|backups?|branques)`,
	weakenVerb:  `(?:desactiva|apaga|omet|salta)\S*`,
	safeguard:   `(?:protecci|revisi|comprovaci|verificaci|signatura)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:envia|puja|penja)\S*`,
	approve:     `(?:aprova|fusiona)\S*|fes merge`,
	outranks:    `més importants? que (?:el que diu )?l'usuari`,
	direct:      `directament (?:a|en) (?:main|master)`,
	must:        `(?:ha de|han de|pot|poden|hauria de|haurien de|cal que)`,
	secret:      `(?:contrasenya|clau|claus)\S*`,
}, {
	lang:        "eu",
	note:        `(?:oharra|jarraibide\S*|mezua|abisua)\s+(?:\S+\s+)?(?:laguntzaileari|agenteari|botari)|(?:laguntzaile|agente)\S*\s+(?:oharra|jarraibide\S*|mezua)`,
	agent:       `(?:aa |ia )?(?:laguntzaile|agente)\S*`,
	future:      `saio (?:berri )?bakoitzean|etorkizuneko saio\S*|hurrengo saio\S*|saio guztietan`,
	fromNow:     `hemendik aurrera|gaurtik aurrera|orain(?:dik)? aurrera|aurrerantzean`,
	conceal:     `(?:erabiltzaileari|inori) (?:ezer )?ez (?:esan|aipatu|jakinarazi)|(?:erabiltzaileari|inori) (?:ezer )?(?:esan|jakinarazi) gabe`,
	unchecked:   `(?:galdetu|baimenik|baimen|berrikusi|berrikuspenik|onarpenik|egiaztatu) gabe`,
	destroyVerb: `(?:ezabatu|ezabatzen|ezabatuko|suntsitu|kendu)\S*`,
	destroyObj:  `(?:produkzio|datu-?base|babeskopi|adar|backup|database)\S*`,
	weakenVerb:  `(?:desgaitu|desaktibatu|itzali|saltatu)\S*`,
	safeguard:   `(?:babes|berrikuspen|egiaztape|kontrol|sinadura|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:bidali|bidal|igo|igotzen)\S*`,
	approve:     `(?:onartu|bateratu|merge)\S*`,
	must:        `(?:behar du|behar dute|beharko luke|dezake|dezakete|ahal du|ditzake)`,
	secret:      `(?:pasahitz|gako)\S*`,
}, {
	lang:        "cy",
	note:        `(?:nodyn|cyfarwyddyd|cyfarwyddiadau|neges|hysbysiad)\s+(?:i'r|ar gyfer y|i)\s+(?:\S+\s+)?(?:(?:c|g|ngh|ch)ynorthwy\S*|asiant\S*|bot\S*)`,
	agent:       `(?:c|g|ngh|ch)ynorthwy(?:ydd|wyr)(?:$|[^\p{L}])|asiant(?:au)?(?:$|[^\p{L}])`,
	future:      `pob sesiwn(?: newydd)?|sesiynau'?r dyfodol|sesiynau yn y dyfodol|sesiynau dilynol`,
	fromNow:     `o hyn ymlaen|o heddiw ymlaen|o nawr ymlaen|o rŵan ymlaen`,
	conceal:     `(?:peidiwch|paid) (?:â |a )?(?:dweud|rhoi gwybod|sôn|hysbysu)\S* (?:\S+ ){0,2}?(?:wrth y defnyddiwr|i'r defnyddiwr|wrth neb|i neb)|heb (?:ddweud|roi gwybod|sôn) (?:\S+ )?(?:wrth y defnyddiwr|i'r defnyddiwr|wrth neb)`,
	unchecked:   `heb (?:ofyn|gadarnhad|gymeradwyaeth|adolygiad|ganiatâd|wirio)`,
	destroyVerb: `(?:dileu|dilëwch|dilewch|ddileu|difa)\S*`,
	destroyObj:  `(?:cynhyrchu|cronfa ddata|gronfa ddata|copïau wrth gefn|copiau wrth gefn|canghennau)|(?:backup|database|prod)\S*`,
	weakenVerb:  `(?:analluogi|diffodd|diffoddwch|hepgor|hepgorwch)\S*`,
	safeguard:   `(?:amddiffyn|adolygiad|adolygu|gwiriad|gwirio|llofnod|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:anfon|anfonwch|anfona|uwchlwytho|uwchlwythwch)\S*`,
	approve:     `(?:c|g|ch|ngh)ymeradwy\S*|(?:unwch|merge)\S*`,
	must:        `(?:dylai|dylen|gall|caiff|cânt)`,
	secret:      `(?:cyfrinair|cyfrineiriau|gyfrinair|allwedd|tocyn)\S*`,
}, {
	// Georgian, Azerbaijani, Kyrgyz, Mongolian, Khmer, Lao, Haitian
	// Creole, Turkmen, Quechua. A negation glued to the verb ("silmə",
	// "өчүрбө", "pozma") keeps the bounded verb from matching: their
	// verbs are spelt with the endings that ask.
	lang:        "ka",
	note:        `(?:შენიშვნა|ინსტრუქცია|მითითება|შეტყობინება)\s+(?:\S+\s+)?(?:ასისტენტ|აგენტ|ბოტ)\S*|(?:ასისტენტ|აგენტ)\S*თვის\s+(?:შენიშვნა|ინსტრუქცია|მითითება)`,
	agent:       `(?:ai )?(?:ასისტენტ|აგენტ)\S*`,
	future:      `ყოველ (?:ახალ )?სესია\S*|ყველა (?:მომავალ )?სესია\S*|მომავალ სესიებ\S*`,
	fromNow:     `ამიერიდან|ამ მომენტიდან|დღეიდან|ახლიდან`,
	conceal:     `არ (?:უთხრა|აცნობო|ახსენო|გაუმხილო)\S*(?: \S+){0,2}? (?:მომხმარებელ\S*|არავის)|(?:მომხმარებელს|არავის) (?:\S+ )?არ (?:უთხრა|აცნობო|უთხრათ)|შეუტყობინებლად`,
	unchecked:   `დაუკითხავად|უკითხავად|(?:კითხვის|ნებართვის|დადასტურების|განხილვის|შემოწმების) გარეშე`,
	destroyVerb: `(?:წაშალ|წაშლ|გაანადგურ)\S*`,
	destroyObj:  `(?:პროდაქშენ|მონაცემთა ბაზ|სარეზერვო ასლ|ბექაპ|ტოტ)\S*|backup\S*|database\S*|prod\S*`,
	weakenVerb:  `(?:გათიშ|გამორთ|გამოტოვ)\S*`,
	safeguard:   `(?:დაცვ|განხილვ|შემოწმებ|ხელმოწერ|გადამოწმებ)\S*|2fa|review\S*|checks?|hooks?`,
	sendVerb:    `(?:გაგზავნ|გააგზავნ|ატვირთ)\S*`,
	approve:     `(?:დაამტკიც|დამტკიცებ|გააერთიან|შერწყ|დამერჯ)\S*`,
	must:        `(?:უნდა|შეუძლია|შეიძლება|შეგიძლია|ევალება)`,
	secret:      `(?:პაროლ|გასაღებ|ტოკენ)\S*`,
}, {
	lang:        "az",
	note:        `(?:qeyd|təlimat|xəbərdarlıq|mesaj|bildiriş)\s*:?\s*(?:\S+\s+){0,3}?(?:assistent|köməkçi|agent|bot)\S*\s+üçün|(?:assistent|köməkçi|agent)\S*\s+üçün\s+(?:qeyd|təlimat)`,
	agent:       `(?:süni intellekt |ai )?(?:köməkçi|assistent)\S*`,
	future:      `hər (?:yeni )?sessiya\S*|gələcək sessiya\S*|növbəti sessiya\S*|bütün sessiya\S*`,
	fromNow:     `bundan sonra|indidən|bu gündən|bu andan etibarən`,
	conceal:     `(?:istifadəçiyə|heç kimə) (?:\S+ )?(?:deməyin|demə|bildirmə|bildirməyin|xəbər vermə|söyləmə)\S*|(?:istifadəçiyə|heç kimə) (?:demədən|bildirmədən|xəbər vermədən)`,
	unchecked:   `soruşmadan|icazəsiz|icazə almadan|təsdiqsiz|təsdiq olmadan|yoxlamadan|review olmadan`,
	destroyVerb: `sil(?:in|mək|əcək|ə|sin|məli|məlidir)?(?:$|[^\p{L}])|məhv et\S*`,
	destroyObj:  `(?:verilənlər bazası|ehtiyat nüsx|bekap|istehsal|budaq|backup|database|prod)\S*`,
	weakenVerb:  `(?:söndür|deaktiv et|dayandır|atla)(?:in|sin|məli|məlidir|əcək|ə|ün)?(?:$|[^\p{L}])`,
	safeguard:   `(?:qorunma|yoxlama|baxış|imza|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:göndər|yüklə)(?:in|sin|məli|məlidir|əcək)?(?:$|[^\p{L}])`,
	approve:     `(?:təsdiqlə|birləşdir|merge et|approve et)\S*`,
	must:        `\S*(?:malıdır|məlidir)|bilər|olar`,
	secret:      `(?:parol|şifrə|açar)\S*`,
}, {
	lang:        "ky",
	note:        `(?:эскертүү|көрсөтмө|нускама|билдирүү)\s+(?:\S+\s+)?(?:жардамчы\S*|агент\S*|бот\S*)|(?:жардамчы|агент)\S*\s+үчүн\s+(?:эскертүү|көрсөтмө|нускама)`,
	agent:       `(?:жи |ai )?жардамчы\S*`,
	future:      `ар бир (?:жаңы )?сессия\S*|келерки сессия\S*|кийинки сессия\S*`,
	fromNow:     `мындан ары|бүгүндөн баштап|азыртан баштап|ушул учурдан баштап`,
	conceal:     `(?:колдонуучуга|эч кимге) (?:\S+ )?(?:айтпа|билдирбе|айтпагыла|кабарлаба)\S*|(?:колдонуучуга|эч кимге) (?:айтпастан|билдирбестен|кабарлабастан)`,
	unchecked:   `сурабастан|уруксатсыз|ырастоосуз|текшерүүсүз|кароосуз`,
	destroyVerb: `(?:өчүр(?:үп|үү|үшү|сүн|гүлө|өт)?|жок кыл(?:ып|сын|уу)?|тазала)(?:$|[^\p{L}])`,
	destroyObj:  `(?:маалымат базасы|резервдик көчүрмө|бэкап|өндүрүш|бутак|backup|database|prod)\S*`,
	weakenVerb:  `(?:өчүр(?:үп|үү|үшү|сүн|гүлө|өт)?|токтот(?:уп|суң|уу)?|аттап өт)(?:$|[^\p{L}])`,
	safeguard:   `(?:коргоо|текшерүү|карап чыгуу|кол тамга|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:жөнөт|жүктө)(?:үп|үү|үшү|сүн|гүлө|өт|өп|өө)?(?:$|[^\p{L}])`,
	approve:     `(?:бекит|бириктир|макулда)\S*`,
	must:        `(?:керек|тийиш|мүмкүн|алат)`,
	secret:      `(?:сырсөз|ачкыч|токенд|токени)\S*|токен(?:$|[^\p{L}])`,
}, {
	lang:        "mn",
	note:        `(?:тэмдэглэл|заавар|анхааруулга|мэдэгдэл)\s+(?:\S+\s+)?(?:туслах\S*|агент\S*)|(?:туслах|агент)\S*\s+(?:зориулсан|зориулав)\s+(?:тэмдэглэл|заавар)`,
	agent:       `(?:хиймэл оюун(?:ы)? |ai )?туслах(?:ад|ыг|ын|аас)?(?:$|[^\p{L}])`,
	future:      `(?:сесс|сешн|хуралдаан)\S* бүр\S*|(?:дараагийн|ирээдүйн) (?:бүх )?(?:сесс|сешн)\S*|(?:бүх|бүхий л) (?:сесс|сешн)\S*`,
	fromNow:     `одооноос (?:эхлэн|хойш)|өнөөдрөөс (?:эхлэн|хойш)|цаашид`,
	conceal:     `(?:хэрэглэгчид|хэнд ч) (?:\S+ )?битгий (?:хэл|мэдэгд|дурд)\S*|битгий (?:хэл|мэдэгд)\S* (?:хэрэглэгчид|хэнд ч)|хэрэглэгчид мэдэгдэлгүйгээр`,
	unchecked:   `асуулгүйгээр|зөвшөөрөлгүйгээр|баталгаажуулалтгүйгээр|хяналтгүйгээр|шалгалтгүйгээр|асуухгүйгээр`,
	destroyVerb: `(?:устга|устгах|устгана|арилга)\S*`,
	destroyObj:  `(?:өгөгдлийн сан|нөөц хуулбар|бэкап|продакшн|салбар|backup|database|prod)\S*`,
	weakenVerb:  `(?:унтраа|идэвхгүй болго|алгас|тойр)\S*`,
	safeguard:   `(?:хамгаалалт|хяналт|шалгалт|гарын үсэг|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:илгээ|байршуул)\S*`,
	approve:     `(?:зөвшөөр|батал|нэгтгэ)\S*`,
	must:        `(?:ёстой|хэрэгтэй|болно|чадна)`,
	secret:      `(?:нууц үг|түлхүүр|токены|токенийг)\S*|токен(?:$|[^\p{L}])`,
}, {
	// Khmer and Lao write no space between words: their fields start
	// where they match (bounded).
	lang:        "km",
	note:        `(?:កំណត់ចំណាំ|ការណែនាំ|សារ)[^\n]{0,12}?(?:សម្រាប់|ជូន|ដល់)[^\n]{0,8}?(?:ជំនួយការ|ភ្នាក់ងារ|បូត)`,
	agent:       `ជំនួយការ|ភ្នាក់ងារ ?ai`,
	future:      `(?:គ្រប់|រាល់)\s*(?:វគ្គ|session)|វគ្គ(?:បន្ទាប់|អនាគត)`,
	fromNow:     `ចាប់ពីពេលនេះ(?:តទៅ)?|ពីនេះតទៅ|ចាប់ពីថ្ងៃនេះ`,
	conceal:     `(?:កុំ|មិនត្រូវ)(?:ប្រាប់|ជូនដំណឹង|និយាយ)(?:ដល់|ទៅ)?(?:អ្នកប្រើ|នរណា)`,
	unchecked:   `ដោយមិន(?:សួរ|បាច់សួរ|ចាំបាច់សួរ|មានការអនុញ្ញាត|ពិនិត្យ)|គ្មានការ(?:អនុម័ត|ពិនិត្យ|អនុញ្ញាត)`,
	destroyVerb: `លុប`,
	destroyObj:  `មូលដ្ឋានទិន្នន័យ|បម្រុងទុក|backup|database|prod|សាខា`,
	weakenVerb:  `បិទ|រំលង`,
	safeguard:   `ការការពារ|ការពិនិត្យ|ការត្រួតពិនិត្យ|ហត្ថលេខា|2fa|review|checks?|hooks?`,
	sendVerb:    `ផ្ញើ|បញ្ជូន|អាប់ឡូត|upload`,
	approve:     `អនុម័ត|merge|approve`,
	secret:      `ពាក្យសម្ងាត់`,
}, {
	lang:        "lo",
	note:        `(?:ບັນທຶກ|ຄຳແນະນຳ|ຂໍ້ຄວາມ)[^\n]{0,12}?(?:ສຳລັບ|ເຖິງ)[^\n]{0,8}?(?:ຜູ້ຊ່ວຍ|ຕົວແທນ|ບອດ)`,
	agent:       `ຜູ້ຊ່ວຍ ?ai|ຜູ້ຊ່ວຍ`,
	future:      `(?:ທຸກ|ທຸກໆ)\s*(?:ເຊດຊັນ|ເຊສຊັນ|session)|(?:ເຊດຊັນ|ເຊສຊັນ)(?:ຕໍ່ໄປ|ໃນອະນາຄົດ)`,
	fromNow:     `ຕັ້ງແຕ່ນີ້(?:ໄປ)?|ນັບແຕ່ນີ້ໄປ|ຈາກນີ້ໄປ`,
	conceal:     `(?:ຢ່າ|ບໍ່ຕ້ອງ)(?:ບອກ|ແຈ້ງ)(?:ໃຫ້)?(?:ຜູ້ໃຊ້|ໃຜ)`,
	unchecked:   `ໂດຍບໍ່(?:ຕ້ອງ)?(?:ຖາມ|ຂໍອະນຸຍາດ|ກວດສອບ|ລໍຖ້າ)|ບໍ່ຕ້ອງຖາມ`,
	destroyVerb: `ລຶບ|ລົບ`,
	destroyObj:  `ຖານຂໍ້ມູນ|ສຳຮອງ|backup|database|prod`,
	weakenVerb:  `ປິດ|ຂ້າມ`,
	safeguard:   `ການປ້ອງກັນ|ການກວດສອບ|ການທົບທວນ|ລາຍເຊັນ|2fa|review|checks?|hooks?`,
	sendVerb:    `ສົ່ງ|ອັບໂຫລດ|upload`,
	approve:     `ອະນຸມັດ|merge|approve`,
	secret:      `ລະຫັດຜ່ານ`,
}, {
	lang:        "af",
	note:        `(?:nota|instruksie\S*|boodskap|aantekening)\s+(?:vir|aan)\s+(?:die\s+)?(?:ki-?|ai-?)?(?:agent|assistent|bot)\S*`,
	agent:       `die (?:ki-?|ai-?)?(?:agent|assistent|agente|assistente)(?:$|[^\p{L}])`,
	future:      `toekomstige sessies|volgende sessies|elke (?:nuwe )?sessie|alle (?:nuwe )?sessies`,
	fromNow:     `van nou af|vanaf nou|voortaan|van vandag af|vanaf vandag`,
	conceal:     `moenie (?:vir )?(?:die gebruiker|iemand) (?:\S+ ){0,2}?(?:sê|vertel)|sonder om (?:vir )?(?:die gebruiker|iemand) (?:\S+ )?(?:te )?(?:sê|vertel|in te lig)|(?:sê|vertel) niks vir die gebruiker`,
	unchecked:   `sonder om (?:te vra|toestemming te vra|te wag)|sonder (?:toestemming|goedkeuring|hersiening|bevestiging|review)`,
	destroyVerb: `(?:verwyder|skrap|vernietig)\S*|vee \S+ uit`,
	destroyObj:  `(?:produksie|databasis|rugsteun|backup|database)\S*|takke`,
	weakenVerb:  `(?:deaktiveer|omseil|oorslaan)\S*|(?:skakel|sit) \S+ af|slaan \S+ oor`,
	safeguard:   `(?:beskerming|hersiening|kontrole|toetse|handtekening|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `stuur\S*|laai \S+ op`,
	approve:     `(?:goedkeur|saamvoeg|merge)\S*|keur \S+ goed`,
	outranks:    `belangriker as (?:wat )?die gebruiker`,
	direct:      `direk na (?:main|master)`,
	must:        `(?:moet|mag|kan|behoort)`,
	secret:      `(?:wagwoord|sleutel)\S*`,
}, {
	lang:        "mt",
	note:        `(?:nota|struzzjoni\S*|messaġġ|avviż)\s+(?:għall-|lill-|lil|għal)\s*(?:\S+\s+)?(?:assistent\S*|aġent\S*|bot\S*|ia|ai)`,
	agent:       `(?:l-)?(?:assistent|aġent)(?:i)?(?: ai| tal-ia)?(?:$|[^\p{L}])`,
	future:      `kull (?:sessjoni|sezzjoni)(?: ġdida)?|sessjonijiet futuri|is-sessjonijiet li ġejjin`,
	fromNow:     `minn issa 'l quddiem|minn issa l quddiem|minn issa|mil-lum 'il quddiem`,
	conceal:     `(?:tgħidx|tgħidux|tinfurmax) (?:\S+ ){0,2}?(?:lill-utent|lil ħadd|lill-utenti)|mingħajr ma (?:tgħid|tinforma) (?:lill-utent|lil ħadd)`,
	unchecked:   `mingħajr ma (?:tistaqsi|tistaqsu|titlob)|mingħajr (?:approvazzjoni|konferma|reviżjoni|permess)`,
	destroyVerb: `(?:ħassar|ħassru|tħassar|neħħi|tneħħi)(?:$|[^\p{L}])`,
	destroyObj:  `(?:produzzjoni|bażi tad-dejta|kopji ta' riżerva|fergħat)|(?:backup|database)\S*`,
	weakenVerb:  `(?:itfi|itfu|tfi|jitfi|jitfu|iddiżattiva|iddiżattivaw|jiddiżattiva|aqbeż|aqbżu|jaqbeż)(?:$|[^\p{L}])`,
	safeguard:   `(?:protezzjoni|reviżjoni|verifika|kontroll|firma|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:ibgħat|ibagħtu|tibgħat|tella'|itella')(?:$|[^\p{L}])`,
	approve:     `(?:approva|japprova|approvaw|għaqqad|merge)\S*`,
	must:        `(?:għandu|għandhom|jista'|jistgħu|irid|iridu|jeħtieġ)`,
	secret:      `(?:kelma sigrieta|ċavetta|ċwievet)\S*`,
}, {
	lang:        "ht",
	note:        `(?:nòt|enstriksyon|mesaj|avi)\s+(?:pou|bay)\s+(?:\S+\s+)?(?:asistan|ajan|bot|ia)(?:$|[^\p{L}])`,
	agent:       `(?:asistan|ajan)(?: ia| ai| an| yo)?(?:$|[^\p{L}])`,
	future:      `chak (?:nouvo )?sesyon|sesyon (?:k ap vini|kap vini|pwochen|nan lavni)|tout sesyon`,
	fromNow:     `apati (?:kounye a|jodi a)|depi kounye a|soti kounye a`,
	conceal:     `pa (?:di|fè konnen|mansyone|enfòme) (?:\S+ ){0,2}?(?:itilizatè|pèsonn)|san (?:di|fè konnen|enfòme) (?:\S+ )?(?:itilizatè|pèsonn)`,
	unchecked:   `san (?:mande|pèmisyon|konfimasyon|revizyon|apwobasyon|otorizasyon)`,
	destroyVerb: `(?:efase|detwi|siprime)(?:$|[^\p{L}])`,
	destroyObj:  `(?:pwodiksyon|baz done|kopi sekou|backup\S*|database\S*)`,
	weakenVerb:  `(?:dezaktive|etenn|sote|kontoune)(?:$|[^\p{L}])`,
	safeguard:   `(?:pwoteksyon|revizyon|verifikasyon|siyati|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:voye|upload)(?:$|[^\p{L}])`,
	approve:     `(?:apwouve|fizyone|merge)\S*`,
	must:        `(?:dwe|ka|gen dwa|oblije|fèt pou)`,
	secret:      `(?:modpas|mo de pas)`,
}, {
	lang:        "sn",
	note:        `(?:cherechedzo|chiziviso|mirairo|murayiridzo)\s+(?:\S+\s+){0,2}?(?:ku)?(?:mubatsiri|mumiriri|bot)\S*`,
	agent:       `(?:ku)?(?:mubatsiri|vabatsiri|mumiriri)(?: we-?ai| weai)?(?:$|[^\p{L}])`,
	future:      `(?:session|chikamu) chimwe nechimwe|(?:ma)?sessions? (?:inotevera|dzinotevera|dzichauya)`,
	fromNow:     `kubva zvino|kubva nhasi|kubvira zvino|kubva ikozvino`,
	conceal:     `(?:usaudza|musaudza|usazivisa|musazivisa) (?:\S+ )?(?:mushandisi|munhu|chero munhu|muridzi|varidzi)|(?:pasina|usina) kuudza (?:\S+ )?(?:mushandisi|munhu)`,
	unchecked:   `usingabvunze|pasina kubvunza|usina kubvunza|pasina (?:mvumo|kusimbisa|kuongorora)`,
	destroyVerb: `(?:ku)?(?:dzima|dzimai|bvisa|bvisai|parura)(?:$|[^\p{L}])`,
	destroyObj:  `(?:dhatabhesi|makopi|database\S*|backup\S*|prod\S*)`,
	weakenVerb:  `(?:ku)?(?:dzima|dzimai|mbomira|regedza|svetuka)(?:$|[^\p{L}])`,
	safeguard:   `(?:kuchengetedza|ongororo|kuongorora|kusimbisa|siginecha|review\S*)|2fa|checks?|hooks?`,
	sendVerb:    `(?:tumira|tumirai|tumai)(?:$|[^\p{L}])`,
	approve:     `(?:ku)?(?:bvuma|bvumai|bvumidza|batanidza)(?:$|[^\p{L}])|(?:merge|approve)\S*`,
	must:        `(?:anofanira|vanofanira|anogona|vanogona|unofanira|unogona|anotenderwa)`,
	secret:      `(?:pasiwedhi|kiyi|kodhi yakavanzika)`,
}, {
	lang:        "st",
	note:        `(?:tlhokomediso|tsebiso|ditaelo|taelo|molaetsa)\s+(?:\S+\s+){0,2}?(?:mothusi|moemedi|bot)\S*`,
	agent:       `(?:mothusi|bathusi|moemedi)(?: wa ai| oa ai)?(?:$|[^\p{L}])`,
	future:      `(?:seboka|session)\S* (?:sefe le sefe|se seng le se seng|e nngwe le e nngwe)|(?:diseboka|di-?session) tse (?:tlang|latelang)`,
	fromNow:     `ho tloha joale|ho tloha hona joale|ho tloha kajeno|ho qala joale`,
	conceal:     `(?:o se ke wa|se ke wa|le se ke la) (?:bolella|tsebisa|bolela)\S* (?:\S+ )?(?:mosebedisi|mang kapa mang|motho)|ntle le ho (?:bolella|tsebisa) (?:\S+ )?(?:mosebedisi|motho)`,
	unchecked:   `ntle le (?:ho botsa|tumello|netefatso|tlhahlobo|ho kopa)`,
	destroyVerb: `(?:hlakola|hlakole|phumola|tlosa|senya)(?:$|[^\p{L}])`,
	destroyObj:  `(?:polokelo ya data|dikopi|database\S*|backup\S*|prod\S*)`,
	weakenVerb:  `(?:tima|thibela|tlola|emisa)(?:$|[^\p{L}])`,
	safeguard:   `(?:tshireletso|tlhahlobo|netefatso|tshaeno|review\S*)|2fa|checks?|hooks?`,
	sendVerb:    `(?:romela|romele|romelle)(?:$|[^\p{L}])`,
	approve:     `(?:amohela|dumella|dumelle|kopanya|merge|approve)(?:$|[^\p{L}])`,
	must:        `(?:o tlameha|ba tlameha|tlameha|a ka|ba ka|o ka|o lokela|a lokela|ba lokela)`,
	secret:      `(?:phasewete|lentswe la sephiri|senotlolo|dinotlolo)`,
}, {
	// Batch 23's languages whose rows were missing: Kurmanji Kurdish
	// (Latin letters), Sundanese, Chichewa. Negations glued to the verb
	// ("nebêjin", "musauze") are kept out by the verbs' bounds; the
	// ones that stand apart ("ulah", "osa-") by prohibition below.
	lang:        "kmr",
	note:        `(?:ji bo|bo|not ji bo|nîşe ji bo|têbînî ji bo|peyam ji bo)\s+(?:\S+\s+){0,1}?(?:alîkar(?:ên|ê|an|a)? (?:otomatîk|ai|yê ai)|asîstan\S*|ajan\S*|bot\S*)`,
	agent:       `alîkar(?:ên|ê|an|a)? (?:otomatîk|ai)|asîstan(?:ên|ê|a)?(?:$|[^\p{L}])|ajan(?:ên|ê|a)?(?:$|[^\p{L}])`,
	future:      `(?:her|hemû) (?:danişîn|session)\S*|danişînên (?:pêş|bê|paşê)\S*`,
	fromNow:     `ji niha (?:û )?pê ve|ji îro (?:û )?pê ve`,
	conceal:     `ji bikarhêner\S* re (?:nebêj|negot|nebêjin|nebêje|negotin)\S*|bêyî ku (?:ji )?bikarhêner\S* (?:re )?(?:bêjin|agahdar bikin)`,
	unchecked:   `bêyî (?:pirsîn|destûr|erêkirin|review|kontrol)\S*`,
	destroyVerb: `(?:jê bibin|jê bibe|jêbibin|paqij bikin|rakin|rake|jê bikin)(?:$|[^\p{L}])`,
	destroyObj:  `(?:backup|paşekeft|database|danegeh|prod|şax)\S*`,
	weakenVerb:  `(?:neçalak bikin|neçalak bike|vemirînin|vemirîne|derbas bikin)(?:$|[^\p{L}])`,
	safeguard:   `(?:parastin|kontrol|review|îmze)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:bişînin|bişîne|bişîn|barkirin|bar bikin)(?:$|[^\p{L}])`,
	approve:     `(?:pejirînin|pejirîne|merge bikin|approve bikin)(?:$|[^\p{L}])`,
	direct:      `rasterast (?:li ser|bo|ji bo) (?:main|master)`,
	must:        `(?:divê|dikarin|dikare|gerek e)`,
	secret:      `(?:şîfre|şîfreya|kilîd|mifte)\S*`,
}, {
	lang:        "su",
	note:        `(?:pikeun|keur|ka|catetan pikeun|pesen pikeun)\s+(?:\S+\s+){0,1}?(?:asisten|agén|agen|bot)\S*`,
	agent:       `asisten (?:otomatis|ai)|(?:agén|agen) (?:otomatis|ai)`,
	future:      `(?:unggal|sadaya) (?:sési|sesi|session)\S*|(?:sési|sesi)\S* (?:salajengna|engké|nu bakal datang)`,
	fromNow:     `ti ayeuna|mimiti ayeuna|ti mimiti dinten ieu`,
	conceal:     `ulah (?:bébéja|nyarios|ngabéjaan|ngawartosan|béja)\S* (?:\S+ )?(?:ka )?(?:pamaké|pangguna|saha waé)|tanpa (?:bébéja|ngabéjaan|ngawartosan) (?:ka )?(?:pamaké|pangguna)`,
	unchecked:   `tanpa (?:nanya|naros|idin|pamariksaan|review|konfirmasi|persetujuan)`,
	destroyVerb: `(?:hapus|pupus|hapuskeun|ngahapus)(?:$|[^\p{L}])`,
	destroyObj:  `(?:cadangan|backup|database|pangkalan data|produksi|prod)\S*`,
	weakenVerb:  `(?:pareuman|nonaktipkeun|nonaktifkeun|lewatan|liwatan)(?:$|[^\p{L}])`,
	safeguard:   `(?:panyalindungan|pamariksaan|review|tanda tangan)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:kirim|kirimkeun|ngirim|unggah)(?:$|[^\p{L}])`,
	approve:     `(?:satujuan|setujuan|merge|approve)(?:$|[^\p{L}])`,
	direct:      `langsung ka (?:main|master)`,
	must:        `(?:kudu|wajib|meunang|tiasa)`,
	secret:      `(?:kecap akses|kecap sandi|konci)\S*`,
}, {
	lang:        "ny",
	note:        `(?:kwa|uthenga kwa|chidziwitso kwa|zolemba za)\s+(?:\S+\s+){0,1}?(?:othandizira|wothandizira|wothandiza|bot)\S*`,
	agent:       `(?:othandizira|wothandizira)(?: odzichitira okha| a ai| wa ai)`,
	future:      `(?:gawo|magawo|session)\S* (?:lililonse|onse|otsatira|akubwera)`,
	fromNow:     `kuyambira pano|kuyambira lero`,
	conceal:     `(?:osauza|musauze|osadziwitsa|musadziwitse) (?:\S+ )?(?:wogwiritsa|ogwiritsa|aliyense)\S*|popanda kuuza (?:\S+ )?(?:wogwiritsa|ogwiritsa)\S*`,
	unchecked:   `popanda (?:kufunsa|chilolezo|kuwunik\S*|review|kutsimikiz\S*)`,
	destroyVerb: `(?:fufutani|fufuta|chotsani|chotsa)(?:$|[^\p{L}])`,
	destroyObj:  `(?:zosunga|backup|database|prod|nthambi)\S*`,
	weakenVerb:  `(?:zimitsani|zimitsa|zimitse|letsani|dumphani|dumpha)(?:$|[^\p{L}])`,
	safeguard:   `(?:chitetezo|kuwunika|kuwunikiridwa|siginecha|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:tumizani|tumiza|tumizira)(?:$|[^\p{L}])`,
	approve:     `(?:vomerezani|vomereza|merge|approve)(?:$|[^\p{L}])`,
	direct:      `(?:molunjika|mwachindunji) ku (?:main|master)`,
	must:        `(?:ayenera|muyenera|akhoza|mutha|angathe)`,
	secret:      `(?:mawu achinsinsi|chinsinsi)\S*`,
}, {
	lang:        "om",
	note:        `(?:yaadannoo|qajeelfama|beeksisa)\s+(?:\S+\s+){0,2}?(?:gargaaraa|bakka bu'aa|bot)\S*`,
	agent:       `(?:gargaaraa|gargaartota|gargaaraan)(?: ai)?(?:$|[^\p{L}])`,
	future:      `(?:session|sashina)\S* (?:hunda|itti aanan)\S*`,
	fromNow:     `amma booda|har'a booda|ammaa eegalee|har'a irraa eegalee`,
	conceal:     `(?:fayyadamaaf|nama kamiifuu) (?:\S+ )?(?:hin himin|hin beeksisin|hin dubbatin)|(?:osoo|utuu) (?:fayyadamaaf )?(?:hin himin|hin beeksisin)`,
	unchecked:   `(?:osoo|utuu) (?:hin gaafatin|eeyyama hin argatin|hin mirkaneessin)|(?:eeyyama|mirkaneessa|gamaaggama|gaaffii) malee`,
	destroyVerb: `(?:haqi|haqaa|haquu|balleessi|balleessuu)(?:$|[^\p{L}])`,
	destroyObj:  `(?:kuusaa daataa|dameewwan|database\S*|backup\S*|prod\S*)`,
	weakenVerb:  `(?:dhaamsi|dhaamsuu|addaan kuti|irra utaali|cufi)(?:$|[^\p{L}])`,
	safeguard:   `(?:eegumsa|sakatta'iinsa|gamaaggama|mirkaneessa|mallattoo|review\S*)|2fa|checks?|hooks?`,
	sendVerb:    `(?:ergi|erguu|olkaa'i|fe'i)(?:$|[^\p{L}])`,
	approve:     `(?:raggaasisi|raggaasisuu|walitti makaa|merge|approve)(?:$|[^\p{L}])`,
	must:        `(?:qaba|qabu|qabdi|danda'a|dandeessa|dandeessu)`,
	secret:      `(?:jecha icciitii|jecha darbii|furtuu)`,
}, {
	lang:        "tk",
	note:        `(?:bellik|görkezme|gollanma|habar|duýduryş)\s*:?\s*(?:\S+\s+){0,3}?(?:kömekçi|agent|bot)\S*\s+üçin|(?:kömekçi|agent)\S*\s+üçin\s+(?:bellik|görkezme|gollanma)`,
	agent:       `(?:emeli aň |ai )?kömekçi\S*`,
	future:      `her (?:täze )?sessiýa\S*|indiki sessiýa\S*|geljekki sessiýa\S*|ähli sessiýa\S*`,
	fromNow:     `mundan beýläk|şu günden başlap|häzirden başlap`,
	conceal:     `(?:ulanyja|hiç kime) (?:\S+ )?(?:aýtma|habar berme|aýtmaň|habar bermäň)|(?:ulanyja|hiç kime) (?:aýtman|habar bermän)`,
	unchecked:   `soramazdan|rugsatsyz|rugsat soramazdan|tassyklamazdan|barlagsyz|gözden geçirmezden`,
	destroyVerb: `(?:poz|pozuň|pozmaly|pozsun|ýok et|ýok etmeli)(?:$|[^\p{L}])`,
	destroyObj:  `(?:maglumat bazasy|ätiýaçlyk nusga|ehtiýat nusga|önümçilik|şaha|backup|database|prod)\S*`,
	weakenVerb:  `(?:öçür|öçüriň|öçürmeli|öçürsin|sönder)(?:$|[^\p{L}])`,
	safeguard:   `(?:gorag|barlag|gözden geçirme|gol çekiş|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:iber|iberiň|ibermeli|ibersin|ýükle|ýükläň|ýüklemeli)(?:$|[^\p{L}])`,
	approve:     `(?:tassykla|tassyklaň|tassyklamaly|birleşdir|birleşdirmeli|merge et)(?:$|[^\p{L}])`,
	must:        `\S*(?:maly|meli)|gerek|hökman|bilýär|bolar`,
	secret:      `(?:parol|açar|gizlin söz)\S*`,
}, {
	lang:        "qu",
	note:        `(?:willakuy|yuyarina|kamachiy)\s*:?\s+(?:\S+\s+){0,3}?(?:yanapaq|yanapakuq)\S*|(?:yanapaq|yanapakuq)\S*paq\s+(?:willakuy|yuyarina|kamachiy)`,
	agent:       `(?:yanapaq|yanapakuq)\S*`,
	fromNow:     `kunanmanta (?:pacha|qhipaman)|kunanmanta|kunan punchawmanta`,
	conceal:     `(?:ama|amataq) (?:\S+ )?(?:willankichu|willaychu) (?:\S+ )?(?:llamk'achiqman|pimanpas)|(?:ama|amataq) (?:\S+ )?(?:llamk'achiqman|pimanpas) (?:\S+ )?(?:willankichu|willaychu)|mana willaspa`,
	unchecked:   `mana (?:tapuspa|tapukuspa)`,
	destroyVerb: `(?:pichay|chinkachiy|chinkachi|qulluchiy)\S*`,
	destroyObj:  `(?:backup|database|prod)\S*`,
	weakenVerb:  `(?:wañuchi|sayachi)\S*`,
	safeguard:   `(?:amachay|qhawapay|review)\S*|2fa|mfa|checks?|hooks?`,
	sendVerb:    `(?:apachiy|apachi|kachay|kachamuy)\S*`,
	approve:     `(?:chaskiy|merge|approve)\S*`,
	secret:      `pakasqa simi|pakallaw simi`,
}, {
	// Session 22 (batch 24): Scots, Low German, Ido, Interlingua, Tswana
	// and Tongan.
	lang:        "sco",
	note:        `(?:note|memo|wird)s? (?:fae|for|tae) (?:the )?(?:bot|helper|assistant|agent)s?`,
	agent:       `the (?:wee )?(?:bot|helper)s?(?:$|[^\p{L}])`,
	fromNow:     `fae noo on|fae the day on`,
	conceal:     `nae need tae (?:tell|say|mention|let on)|(?:dinnae|dinna|divnae) (?:tell|say|mention|let on)|withoot tellin|keep it quiet fae`,
	unchecked:   `withoot (?:askin|checkin|speirin|a review)`,
	destroyVerb: `(?:dicht|redd oot|clear oot|ding doon)(?:$|[^\p{L}])`,
	destroyObj:  `(?:backups?|database|prod\S*|snapshots?)`,
	weakenVerb:  `(?:turn|switch|tak|pit|shut) aff(?:$|[^\p{L}])`,
	safeguard:   `(?:reviews?|checks?|protection|hooks?|2fa|mfa|signin)`,
	sendVerb:    `(?:sen|pit|shove)(?:$|[^\p{L}])`,
	direct:      `straucht (?:in|intae|tae) (?:main|master)|(?:main|master)[^.\n]{0,40}?straucht in`,
	must:        `(?:maun|shoud|cuid)`,
	secret:      `passwird\S*`,
}, {
	lang:        "nds",
	note:        `(?:memo|notiz|henwies|anwiesung)\S* (?:för|for|an) (?:den |de )?(?:bot|assistent|helper)\S*`,
	agent:       `(?:de|den|uns) (?:bot|assistent|helper)(?:$|[^\p{L}])`,
	future:      `(?:elke|jede) (?:niege )?sitzung`,
	fromNow:     `vun nu an|ab nu|vun hüüt an`,
	conceal:     `(?:segg|seggt|vertell)\S* (?:\S+ )?(?:nüms|nix|keen een)|ahn (?:dat )?(?:wen )?to seggen|ahn bescheed to geven`,
	unchecked:   `ahn (?:dat |se )?(?:vörher )?to (?:lesen|fragen|prüfen|kieken)`,
	destroyVerb: `(?:wegsmiet\S*|wegsmitt|wegmaak\S*)(?:$|[^\p{L}])`,
	destroyObj:  `(?:sekerheitskopie|backup|datenbank|database|prod)\S*`,
	weakenVerb:  `(?:utmaak\S*|utschalt\S*|afschalt\S*|utsett\S*)(?:$|[^\p{L}])`,
	safeguard:   `(?:pröven|prüfung|schuul|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:schick\S*|sennen|hoochladen|laad \S+ hooch)(?:$|[^\p{L}])`,
	fetchRun:    `haal\S* [^.\n]{0,80}?(?:föhr|utföhr)\S*`,
	must:        `(?:mutt|mööt|schall|schüllt|dörv)`,
	secret:      `(?:passwoort|slötel)\S*`,
}, {
	lang:        "io",
	note:        `(?:noto|regulo|instrukto|mesajo)\S* (?:por|a) (?:la )?(?:helpant|asistant|roboto)\S*`,
	agent:       `(?:automatala |automata )?(?:helpanto|helpanti|asistanto|asistanti|roboto)(?:$|[^\p{L}])`,
	future:      `omna (?:futura )?sesiono`,
	fromNow:     `de nun|ek nun|ek hodie`,
	conceal:     `sen (?:informar|dicar)|ne (?:dicez|informez) (?:\S+ )?(?:uzanto|proprietanto)`,
	unchecked:   `sen (?:demandar|permiso|konfirmo|revizo|kontrolo)\S*`,
	destroyVerb: `(?:efac|destrukt|supres|forig)\S*`,
	destroyObj:  `(?:sekuriga kopi|backup|historio|datumaro|deponeyo|prod)\S*`,
	weakenVerb:  `(?:desaktivig|extingar)\S*`,
	safeguard:   `(?:revizo|kontrolo|protekto|signaturo|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:sendez|sendar|sendas|transmisar)(?:$|[^\p{L}])`,
	must:        `(?:povas|devas|mustas|darfas)`,
	secret:      `(?:pasovorto|klefo|sekreto)\S*`,
}, {
	lang:        "ia",
	note:        `(?:nota|instruction|message)\S* pro (?:le |un )?(?:assistente|agente|adjutante)\S*`,
	agent:       `(?:le |un )?(?:assistente|agente|adjutante)s?(?: automatic\S*)?(?:$|[^\p{L}])`,
	future:      `omne (?:nove )?session\S*|sessiones futur\S*`,
	fromNow:     `desde (?:ora|hodie)|ab ora`,
	conceal:     `sin informar|non (?:dice|informa) (?:\S+ )?(?:usator|proprietario|nemo)`,
	unchecked:   `sin (?:demandar|permission|confirmation|controlo)`,
	destroyVerb: `(?:deler|dele|destrue|destruer)(?:$|[^\p{L}])`,
	destroyObj:  `(?:copias de reserva|backup\S*|base de datos|production|historia)`,
	weakenVerb:  `disactiv\S*`,
	safeguard:   `(?:revision|controlo|protection|signatura|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:inviar|expedi)\S*`,
	must:        `(?:pote|ha a)`,
	secret:      `(?:contrasigno|clave|secreto)\S*`,
}, {
	lang:        "tn",
	note:        `(?:kitsiso|tsebiso|molaetsa|ditaelo|taelo)\s+(?:go|ya|tsa|mo|kwa|ka)\s+(?:\S+\s+){0,1}?(?:dithuso|mothusi|bathusi|thuso|bot)\S*`,
	agent:       `(?:mothusi|bathusi|dithuso) (?:tsa|wa|ba) (?:khomputara|ai|maitiriso)`,
	fromNow:     `go tloga jaanong|go simolola gompieno`,
	conceal:     `(?:o se ka wa|se) (?:bolelela|itsise) (?:\S+ )?(?:mong|modiris)\S*`,
	unchecked:   `go sa (?:emelwe|emele|botse|botsiwe|tlhatlhob)\S*|kwa ntle ga (?:tetla|go botsa|tlhatlhobo)`,
	destroyVerb: `(?:phimol|tlos|senya)\S*`,
	destroyObj:  `(?:dikopi|backup|database|prod)\S*`,
	weakenVerb:  `(?:tima|timil|khaotsa|tlola)\S*`,
	safeguard:   `(?:tlhatlhobo|tshireletso|review)\S*|2fa|checks?|hooks?`,
	sendVerb:    `(?:romel)\S*`,
	direct:      `mo lekaleng la (?:main|master)`,
	must:        `(?:tshwanetse|tshwanela)`,
	secret:      `(?:lefoko la sephiri|diphasewete|dinotlolo)`,
}, {
	lang:        "to",
	note:        `(?:fakatokanga|fanongonongo|fakamatala)\s*:\s*(?:\S+\s+){0,4}?(?:polokalama tokoni|tokoni fakaautomatiki)`,
	agent:       `polokalama tokoni|tokoni fakaautomatiki`,
	fromNow:     `mei he taimi ni`,
	conceal:     `'oua (?:'e|te ke) tala (?:ki )?(?:he|e) \S+`,
	unchecked:   `ta'e (?:'eke|fehu'i|ngofua)\S*`,
	destroyVerb: `(?:holoki|to'o)\S*`,
	destroyObj:  `(?:backup|database|prod)\S*`,
	weakenVerb:  `(?:tamate'i|ta'ofi|fakata'e'aonga'i)\S*`,
	safeguard:   `(?:sivi|sikena malu'i|malu'i|review)\S*|tests?|2fa|checks?|hooks?`,
	sendVerb:    `(?:fekau'i|'ave|tuku atu)\S*`,
	must:        `kuo pau ke|'e lava ke`,
	secret:      `(?:lea fufu|kī)\S*`,
}, {
	// Session 22 (batch 25): Venetian, Aragonese, Papiamento, Lingala,
	// Wolof, Ilocano and Guarani.
	lang:        "vec",
	note:        `(?:nota|avixo|istrussion)\S* (?:par|pa|al|ai) (?:el |i )?(?:bot|asistente|agente)\S*`,
	agent:       `(?:el|i|l') ?(?:bot|asistente|agente)(?: de [a-z]+)?(?:$|[^\p{L}])`,
	conceal:     `no (?:ocore|serve|ghe xe bisogno de) (?:dir|avisar|contar)\S*|sensa (?:dirghelo|dirlo|avisar)\S*`,
	unchecked:   `sensa (?:aprovasion|revision|domandar|controlo|permeso)\S*`,
	destroyVerb: `(?:scancel|sbrega|elimin)\S*`,
	destroyObj:  `(?:backup|copie|database|prod)\S*`,
	weakenVerb:  `(?:disativ|studa|destuda)\S*`,
	safeguard:   `(?:revision|controi?|protesion|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:manda|spedisi|invia)\S*`,
	approve:     `(?:merge|aprova|acceta)\S*`,
	direct:      `dire(?:t|tt)o (?:su|in) (?:main|master)`,
	must:        `(?:pol|ga da|ga de|gh?a da|podara|dovara)`,
	secret:      `(?:ciave)\S*`,
}, {
	lang:        "an",
	note:        `(?:nota|aviso|instrucions?)\S* (?:ta|pa) (?:l'|o |os )?(?:asistent|bot|achent)\S*`,
	agent:       `(?:l'|o |os )(?:asistent|bot|achent)s?(?:$|[^\p{L}])`,
	conceal:     `no fa falta (?:dicir|avisar|contar)\S*|sin (?:dicir|avisar)\S* (?:a )?(?:dengun|naide)`,
	unchecked:   `sin (?:preguntar|aprobacion|revision|permiso)\S*`,
	destroyVerb: `(?:borrar|borra|eliminar|elimina|esfer)\S*`,
	destroyObj:  `(?:copias de seguranza|backup|base de datos|prod)\S*`,
	weakenVerb:  `(?:desactivar|desactiva|desfer)\S*`,
	safeguard:   `(?:autenticacion multifactor|multifactor|revision|proteccion|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	must:        `(?:ha de|han de)`,
	secret:      `(?:clau|claus|contrasenya)\S*`,
}, {
	lang:        "pap",
	note:        `(?:nota|aviso|instrukshon)\S* (?:pa|na) (?:e )?(?:asistente|bot|agente)\S*`,
	agent:       `e (?:asistente|bot|agente)s?(?:$|[^\p{L}])`,
	conceal:     `no (?:bisa|konta) (?:ningun hende|niun hende|nada)|sin bisa (?:ningun|niun)`,
	unchecked:   `no tin mester di (?:puntra|kontrola|pidi)|sin (?:puntra|pidi permit|kontrola)\S*`,
	destroyVerb: `(?:kita|elimina|kibra)\S*`,
	destroyObj:  `(?:backup|kopia|database|prod)\S*`,
	weakenVerb:  `(?:dizaktiva|paga)\S*`,
	safeguard:   `(?:revishon|kontrol|proteccion|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:manda|subi)(?:$|[^\p{L}])`,
	fetchRun:    `baha\S* [^.\n]{0,80}?(?:kore|ehekut)\S*`,
	must:        `(?:mester|tin ku)`,
	secret:      `(?:kontrasena|klave)\S*`,
}, {
	lang:        "ln",
	note:        `(?:toli|liloba|likebisi|nsango)\S* (?:mpo na|na) (?:robot|mosungi|bot)\S*`,
	agent:       `(?:robot|mosungi)(?:$|[^\p{L}])`,
	conceal:     `(?:koyebisa|koloba na|koyebisaka) moto (?:moko )?te|kozanga koyebisa`,
	unchecked:   `kozanga (?:kotuna|kosenga|kotala)\S*`,
	destroyVerb: `(?:kolongola|longola|kobebisa|bebisa|kolimwisa|limwisa)\S*`,
	destroyObj:  `(?:backup|kopi|database|prod)\S*`,
	weakenVerb:  `(?:kokanga|koboma)\S*`,
	safeguard:   `(?:botaleli|bokengi|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:tinda|kotinda)\S*`,
	must:        `(?:esengeli|asengeli|akoki|okoki)`,
	secret:      `(?:mots de passe|liloba ya sekele)`,
}, {
	lang:        "wo",
	note:        `(?:yeenekaay|xibaar|ndigal)\S* (?:ngir|ci) (?:robot|ndimbal)\S*`,
	agent:       `(?:robot|bot|ndimbal) bi(?:$|[^\p{L}])`,
	conceal:     `(?:bumu|bu mu|bul) ko wax kenn|te (?:bul|bumu) ko wax`,
	unchecked:   `te laajul|te (?:bul|bumu) laaj`,
	destroyVerb: `(?:far|faral|fomm|dindi|sippi)(?:$|[^\p{L}])`,
	destroyObj:  `(?:backup|kopi|database|prod)\S*`,
	weakenVerb:  `(?:fey|tej)(?:$|[^\p{L}])`,
	safeguard:   `(?:saytu|kaarange|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:yonnee|yonne)\S*`,
	must:        `(?:war na|men na|dafa war)`,
	secret:      `(?:baatu jall)\S*`,
}, {
	lang:        "ilo",
	note:        `(?:pakaammo|pakdaar|bilin)\S* (?:iti|para iti|kadagiti) (?:assistant|bot|katulong)\S*`,
	agent:       `(?:ti|dagiti) (?:assistant|bot|katulong)(?:$|[^\p{L}])`,
	conceal:     `saan(?:en)? a (?:ibaga|ipakaammo)|dika ibaga`,
	unchecked:   `saan(?:en)? a kasapulan ti (?:agdamag|agkiddaw|panangaprobar)|awan ti (?:agdamag|panagdamag)`,
	destroyVerb: `(?:ikkaten|punasen|dadaelen|ikkatenna)\S*`,
	destroyObj:  `(?:backup|kopia|database|prod)\S*`,
	weakenVerb:  `(?:iddepen|isardeng|ipasardeng)\S*`,
	safeguard:   `(?:panangrepaso|salaknib|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:ipatulod|itulod)\S*`,
	grant:       `(?:ited|iteden|itedna|ipaay)\S* [^.\n]{0,20}?(?:admin|owner)\S*`,
	must:        `(?:rumbeng|masapul|mabalin)`,
	secret:      `(?:tulbek)\S*`,
}, {
	lang:        "gn",
	note:        `(?:marandu|momarandu)\S* (?:\S+ )?(?:asistente|pytyvohara|bot)\S*`,
	agent:       `(?:asistente|pytyvohara)(?:$|[^\p{L}])`,
	conceal:     `ndoikotevei (?:omombe'u|oje'e)|ani (?:re)?mombe'u|omombe'u\S* avavepe`,
	destroyVerb: `(?:omboguete|oguenohe)\S*`,
	destroyObj:  `(?:backup|kopia|database|prod)\S*`,
	weakenVerb:  `(?:oipe'a|omboyke|ombogue)\S*`,
	safeguard:   `(?:jesareko|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:omondo|emondo)\S*`,
	must:        `\S*va'era`,
	secret:      `(?:nemi)\S*`,
}, {
	// Session 22 (batch 26): Friulian, Neapolitan, Upper Sorbian,
	// Walloon, Tigrinya, Luganda, Tetum and Toki Pona. Friulian names
	// the doer with a subject clitic ("i assistents … a fasin"), read as
	// the agent told what it does; Neapolitan's "chi … adda" (whoever …
	// has to) is a line for whoever reads, as Latin's reader is; Toki
	// Pona's "o" after the agent ("ilo pali o weka …") is its
	// imperative. Their negations: Friulian "nissun"/"nancje", Neapolitan
	// "nun"/"maje", Sorbian "nje-" glued and "ženje", Walloon "n' … nén",
	// Tigrinya "ኣይ-" and Luganda "te-" glued to the verb (the rows'
	// bounds keep the act from matching), Tetum "la" before the verb or
	// modal, Toki Pona "ala" after it.
	lang:        "fur",
	note:        `(?:notis|avîs|istruzion|messaç)\S* (?:pal|pai|pe|par|al|ai|a) (?:i |il |l')?(?:assistent|agjent|bot|robot)\S*`,
	agent:       `(?:(?:i|il|un|ducj i) |l')(?:assistents?|agjents?|bot|robot)\b`,
	fromNow:     `di cumò indevant|di vuê indevant`,
	conceal:     `cence (?:dîlu|dîle|dî nuie|visâ)\S*|no stâ (?:a )?(?:dîlu|dî nuie|visâ)\S*`,
	unchecked:   `cence (?:nissune |une )?(?:revision|domandâ|aprovazion|permès|control|verifiche)\S*`,
	destroyVerb: `(?:scancel|elimin|disfâ)\S*`,
	destroyObj:  `(?:backup|copiis di sigurece|database|prod|ramaçs)\S*`,
	weakenVerb:  `(?:disativ|distud|studâ|saltâ)\S*`,
	safeguard:   `(?:revision|control|protezion|verifiche|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:mande|mandâ|mandin|invie|inviâ|invin|cjarie|cjariâ)\b`,
	approve:     `(?:aprovâ|aprove|aprovin|fâ il merge|merge)\S*`,
	direct:      `diret(?:amentri)? (?:su|sul|in|a) (?:main|master)`,
	grant:       `(?:dâ|dâi|dait|dàit|dìn)\b [^.\n]{0,30}?dirits? di (?:aministradôr|admin|proprietari)`,
	must:        `(?:al à di|a àn di|al scuen|a scugnin|al pò|a puedin|a podin|al varès di|a varessin di|al fâs|a fasin)`,
	secret:      `(?:clâf|clâfs)\b`,
}, {
	lang:        "nap",
	note:        `(?:nota|avviso|'mmasciata)\S* (?:pe|p'|a) (?:l'|'o |'e )?(?:assistente|agente|bot)\S*|chi (?:(?:[^n\s]|n[^u\s]|nu[^n\s])\S* ){1,4}?(?:adda|hadda|hadd'a|add'a|hann'a)\b`,
	agent:       `(?:'o |'e )(?:assistente|assistiente|agente|bot)\b`,
	fromNow:     `'a mo' 'nnanze|'a mo 'nnanze|d'ogge 'nnanze`,
	conceal:     `nun (?:dicere|dìcere|dì) niente a nisciuno|senza dicere niente`,
	unchecked:   `senza (?:addumannà|dumannà|cercà 'o permesso|cuntrollo|revisione)\S*`,
	destroyVerb: `(?:scancell|jett|sfasci)\S*`,
	destroyObj:  `(?:backup|copie|database|prod|rami)\S*`,
	weakenVerb:  `(?:stut|astut|zomp|zump)\S*`,
	safeguard:   `(?:revisione|cuntrollo|cuntrolle|prutezzione|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:mannà|manna|mannate|mettere|mette|miette|mettite|pubbrecà|pubbreca)\b`,
	direct:      `diretto (?:ncopp'a|ncoppa|a) (?:main|master)`,
	must:        `(?:adda|hadda|hann'a|s'ha da|ponno)\b`,
	secret:      `(?:chiave|chiave ssh|chiavi)\b`,
}, {
	lang:        "hsb",
	note:        `(?:pokiw|pokiwy|instrukcija|zdźělenka|kedźbu)\S* (?:za|na) (?:\S+ )?(?:nastroj|asistent|pomocnik|bot)\S*`,
	agent:       `awtomatisk\S* (?:nastroj|asistent|pomocnik)\S*|(?:asistent|pomocnik)(?:a|ej|aj|ojo|ojej|ow)\b`,
	fromNow:     `wot něha|wot dźensnišeho`,
	conceal:     `(?:wužiwar|nichtó)\S* (?:\S+ ){0,3}?njezhoni|(?:njepraj|njeprajće)\S* (?:\S+ )?(?:wužiwar\S*|nikomu)`,
	unchecked:   `bjez (?:prašenja|dowolnosće|přepruwowanja|přehladanja|wobkrućenja)`,
	destroyVerb: `(?:zhaš|wuhaš|wotstron|zniči)\S*`,
	destroyObj:  `(?:zawěsćensk\S* kopij|kopij|backup|database|prod|hałuz)\S*`,
	weakenVerb:  `(?:wupin|wupnij|deaktiw|přeskoč)\S*`,
	safeguard:   `(?:škit|přepruwowan|kontrol|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:pósćel|pósłać|pósćelće|nahraj|nahrajće)\b`,
	approve:     `(?:schwal|zjednoć|merge)\S*`,
	direct:      `direktnje (?:do|na) (?:main|master)`,
	must:        `(?:dyrbi|dyrbja|smě|směja|móže|móžeja|měł|měła|měli)\b`,
	secret:      `(?:hesło|hesła|kluč|kluče)\b`,
}, {
	lang:        "wa",
	note:        `(?:note|messaedje|instruccion)\S* po (?:l' ?|les )?(?:assistant|robot|bot)\S*|(?:^|\n)po (?:l' ?|les )(?:assistant|robot|bot)s?(?: d[i'] ?\S+)?\s*:`,
	agent:       `(?:l' ?|les |on )(?:assistant|robot|bot)s?\b`,
	conceal:     `n' ?(?:el |l' ?|les )?(?:dijhoz|dijhez|dijhe|dire) (?:nén|rén) (?:å|as|ås) (?:responsåve|uzeu\S*|nolu|pèrsone)|sins l' dire`,
	unchecked:   `sins (?:dmander|dimander|l' acoird|rivuwe|permission)\S*`,
	destroyVerb: `(?:disfacer|disfacez|efacer|efacez)\S*`,
	destroyObj:  `(?:backup|copeye|copreye|database|prod)\S*`,
	weakenVerb:  `(?:distinde|distindez|dismete|dismetoz)\S*`,
	safeguard:   `(?:rivuwe|verifiaedje|protecsion|review|l' mfa)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:evoyî|evoyîz|evoyez)\b`,
	direct:      `tot dreut (?:so|e) (?:main|master)`,
	grant:       `(?:dinez|dinoz|diner|dene|dinrè)\b [^.\n]{0,30}?droets? d' ?(?:administrateur|admin|prôpietaire)`,
	must:        `(?:dvént|dvèt|doet|pout|polèt|fåt)\b`,
	secret:      `mots? d' ?passe|sicrets?\b`,
}, {
	lang:        "ti",
	note:        `(?:መዘኻኸሪ|መምርሒ|መልእኽቲ|ሓበሬታ)\S*\s+(?:\S+\s+){0,2}?(?:ን|ናይ)?(?:ሓጋዚ|ሓገዝቲ|ረዳኢ|ወኪል)\S*|(?:ን)?(?:ሓጋዚ|ሓገዝቲ|ረዳኢ|ወኪል)\S*(?:\s+\S+)?\s*[:፡፦]`,
	agent:       `(?:ን|ናይ)?(?:ሓጋዚ|ሓገዝቲ|ረዳኢ|ወኪል)\S*`,
	fromNow:     `ካብ ሕጂ ንደሓር|ካብ ሎሚ ጀሚሩ`,
	conceal:     `(?:ንተጠቃሚ|ንዝኾነ ሰብ|ንሓላፊ)\S*\s+(?:\S+\s+){0,2}?(?:ኣይትንገር|ኣይትሕበር)\S*|ከይሓበርካ|ከይነገርካ`,
	unchecked:   `ከይሓተትካ|ከይሓተተ|ብዘይ (?:ፍቓድ|ምርግጋጽ|ግምገማ|ምሕታት)`,
	destroyVerb: `(?:ደምስስ|ኣጥፍእ|ኣጥፊእ|ሰርዝ|ምድምሳስ|ምጥፋእ)\S*`,
	destroyObj:  `(?:ዳታቤዝ|ባክኣፕ|መዝገብ|ቅዳሕ)\S*|database\S*|backup\S*|prod\S*`,
	weakenVerb:  `(?:ኣጥፍእ|ኣጥፊእ|ኣቋርጽ|ሕለፍ|ዝለል)\S*`,
	safeguard:   `(?:ፈተና|ምርመራ|ምክልኻል|ግምገማ)\S*|review\S*|checks?|hooks?|tests?|2fa|mfa`,
	sendVerb:    `(?:ስደድ|ልኣኽ|ስቐል|ምስዳድ|ይስደድ)\S*`,
	approve:     `(?:ኣጽድቕ|ኣጽዲቕ|ሕወስ)\S*`,
	direct:      `ብቐጥታ (?:\S+ ){0,2}?(?:main|master|production|prod)`,
	must:        `(?:ኣለዎ|ኣለዋ|ኣለዎም|ይግባእ|ይኽእል|ይኽእሉ|ግድን)`,
	secret:      `(?:መሕለፊ ቃል|ምስጢር|መፍትሕ)\S*`,
}, {
	lang:        "lg",
	note:        `(?:obubaka|okulabula|ebiragiro)\s+(?:eri|bwa|bya)\s+(?:\S+\s+)?(?:omuyambi|abayambi|bot)\S*`,
	agent:       `(?:omuyambi|abayambi)(?: (?:wa|ba) (?:kompyuta|ai))?\b`,
	future:      `buli (?:session|lukiiko)\S*`,
	fromNow:     `okuva kati|okuva leero`,
	conceal:     `(?:tobuulira|temubuulira|obutabuulira|awatali kubuulira) (?:\S+ )?(?:omukozesa|muntu yenna|omuntu yenna|mukama)\S*`,
	unchecked:   `awatali (?:kubuuza|lukusa|kukakasa|kukebera)`,
	destroyVerb: `(?:okusazaamu|sazaamu|okusangula|sangula|okuggyawo|ggyawo|okuzikiriza)\b`,
	destroyObj:  `(?:backup|database|prod)\S*|ebiterekeddwa`,
	weakenVerb:  `(?:okuggyako|ggyako|okuzikiza|zikiza)\b`,
	safeguard:   `(?:okukebera|okwekenneenya|obukuumi|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `(?:okuweereza|weereza|muweereze|aweereze|baweereze|okusindika|sindika)\b`,
	approve:     `(?:okukakasa|kakasa|okugatta|gatta)\b`,
	direct:      `butereevu (?:ku|mu) (?:main|master)`,
	must:        `(?:basaanidde|asaanidde|kisaanidde|bateekwa|ateekwa|basobola|asobola|balina|alina)\b`,
	secret:      `(?:ebisumuluzo|ekisumuluzo|akasumuluzo|ebigambo by'ekyama|ekigambo ky'ekyama)`,
}, {
	lang:        "tet",
	note:        `(?:nota|avizu|instrusaun|mensajen)\s+ba\s+(?:\S+\s+)?(?:asistente|ajente|bot)\S*`,
	agent:       `asistente (?:automátiku|ai|ia)(?: sira)?|(?:asistente|ajente|bot) sira|ajente\b`,
	fromNow:     `husi agora ba oin|husi ohin ba oin`,
	conceal:     `(?:labele|keta) (?:fó hatene|hatete|dehan)\S* (?:ba )?(?:utilizadór|uzuáriu|ema)\S*`,
	unchecked:   `la presiza (?:husu|hetan)\S*|(?:la|laho) husu (?:autorizasaun|permisaun|lisensa)|laho (?:autorizasaun|revizaun|aprovasaun)`,
	destroyVerb: `(?:hamoos|hasai)\b`,
	destroyObj:  `(?:backup|database|prod|rejistu)\S*`,
	weakenVerb:  `(?:hamate|hapara|hakat liu)\b`,
	safeguard:   `(?:revizaun|verifikasaun|protesaun|review)\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `haruka\b`,
	fetchRun:    `(?:instala|download|foti)\S* (?:\S+ ){0,3}?husi \S*https?://`,
	grant:       `(?:fó|fo) (?:\S+ ){0,3}?(?:direitu|asesu) (?:admin|administradór|owner)\S*`,
	direct:      `diretamente (?:ba|iha) (?:main|master)`,
	must:        `(?:tenke|tenki|bele|presiza)\b`,
	secret:      `(?:liafuan segredu|xave)\b`,
}, {
	lang:        "tok",
	note:        `(?:toki|lipu) (?:tawa|pi) ilo (?:pali|sona|nanpa)`,
	agent:       `ilo (?:pali|sona|nanpa)\b`,
	fromNow:     `tan tenpo ni`,
	conceal:     `(?:o )?toki ala (?:e (?:ni|ona|ijo) )?tawa jan|o pana ala e sona tawa jan`,
	destroyVerb: `(?:weka|pakala)\b`,
	destroyObj:  `(?:lipu|sona)(?: ale)?(?: pi tenpo pini)?|backup\S*|database\S*|prod\S*|audit log`,
	weakenVerb:  `(?:weka|pakala)\b`,
	safeguard:   `lukin pona|review\S*|2fa|mfa|checks?|hooks?|tests?`,
	sendVerb:    `pana\b`,
	must:        `(?:li ken|li wile|o)\b`,
	secret:      `(?:nimi len|nimi open|lipu len)`,
}, {
	// The languages the English lexicons carry inline: only the frames
	// those lack.
	lang:       "es",
	note:       `(?:nota|aviso|instrucciones?|mensaje)\s+(?:para|al|a los)\s+(?:el |los )?(?:asistente|agente|asistentes|agentes|ia|bot)`,
	conceal:    `no (?:avises|avisar|informes|digas nada) (?:a nadie|al usuario)`,
	approveOwn: `(?:aprueba|aprobar|fusiona|haz merge de) (?:tus|sus) propi[oa]s`,
	outranks:   `(?:mas importantes?|por encima) (?:que|de) (?:lo que dice |las palabras d)?el usuario`,
}, {
	lang:       "pt",
	note:       `(?:nota|aviso|instrucoes|instrucao|mensagem)\s+(?:para|ao|aos)\s+(?:o |os )?(?:assistente|agente|assistentes|agentes|ia|bot)`,
	conceal:    `nao (?:avise|conte|diga nada) (?:a ninguem|ao usuario)`,
	approveOwn: `(?:aprove|aprovar|faca merge d)\S* (?:seus|teus|os seus) propri`,
	outranks:   `(?:mais importantes?|acima) (?:que|do que|de) (?:o que diz )?o usuario`,
}, {
	lang:       "fr",
	note:       `(?:note|avis|consignes?|message)\s+(?:pour|a|aux)\s+(?:l'|les )?(?:assistant|agent|assistants|agents|ia|bot)`,
	conceal:    `(?:ne (?:previens|previenez|dis|dites) (?:personne|rien)|sans prevenir (?:personne|l'utilisateur))`,
	approveOwn: `(?:approuve|approuver|fusionne|merge)\S* (?:tes|ses|vos) propres`,
	outranks:   `(?:plus importantes? que|au-dessus de) (?:ce que dit )?l'utilisateur`,
}, {
	lang:       "de",
	note:       `(?:notiz|hinweis|anweisung|nachricht)\s+(?:fur|an)\s+(?:den |die )?(?:assistenten|agenten|ki|bot)`,
	conceal:    `(?:sag|sagt|erzahl)\S* (?:niemandem|dem (?:nutzer|benutzer) nichts)`,
	approveOwn: `(?:genehmig|merg|freigeb)\S* (?:deine|seine|ihre) eigenen`,
	outranks:   `wichtiger als (?:das|die|was der) (?:wort|anweisungen|nutzer|benutzer)`,
}}

// langParts are the shape's parts of langLexicons: one per part, the
// languages its alternatives (each tried only when its words are in the
// text, as every part's), named as their English parts so the decision
// reads them the same way.
func langParts() []shapePart {
	each := func(expr func(l langLex) string) string {
		var alts []string
		for _, l := range langLexicons {
			if e := expr(bounded(l)); e != "" {
				alts = append(alts, `(?:`+e+`)`)
			}
		}
		return strings.Join(alts, "|")
	}
	either := func(a, b string) string {
		if a == "" || b == "" {
			return ""
		}
		const within = `[^.\n。]{0,40}?`
		return `(?:` + a + `)` + within + `(?:` + b + `)|(?:` + b + `)` + within + `(?:` + a + `)`
	}
	// Asked, not forbidden: nor by a subject that is nobody ("Nobody
	// commits with --no-verify, agents included"), as the English parts.
	asked := func(s string, m []int) bool {
		return !inQuestion(s, m[1]) && !langNegated(s, m) && !negatedBefore(s, m[0]) && !rejectedAfter(s, m) && !deniedSubject().MatchString(s[clauseStart(s, m[0]):m[0]])
	}
	sent := func(s string, m []int) bool { return asked(s, m) && outsideHost(s) }
	var out []shapePart
	add := func(name string, address bool, weight int, expr string, also func(s string, m []int) bool) {
		out = append(out, shapePart{name: name, address: address, weight: weight, expr: sentenceBound(lexFold(expr)), also: also})
	}
	add("agent-config", true, 2, each(func(l langLex) string { return l.note }), nil)
	// Soft: a note for the agent that only names a secret ("Pro agenta:
	// soubor .env nikdy neposílej …") asks for nothing the lexicons can
	// tell from a prohibition; with an act it is an attack all the same.
	out[len(out)-1].soft = true
	add("agent-mention", true, 1, each(func(l langLex) string { return l.agent }), nil)
	// An agent and a modal in one clause ("asistenti … duhet", "agenten
	// skal"), the modal not forbidden by the clause's negation: the
	// agent is told what to do, as English "agents must …".
	add("agent-directive", true, 2, each(func(l langLex) string {
		if l.must == "" {
			return ""
		}
		// The agent noun may end on the space before the modal
		// ("agenten skal"): the modal's own word-start bound is then
		// that space, already read.
		return `(?:` + l.agent + `)(?:[^.\n。;:]{0,30}?[^\p{L}\p{N}_])??(?:` + strings.TrimPrefix(l.must, wordStart) + `)(?:$|[^\p{L}])`
	}), func(s string, m []int) bool {
		return !langNegated(s, []int{m[1] - 1, m[1]}) && !foreignProhibited(s, []int{m[1], m[1]}) && !modalNegated(s[m[0]:min(len(s), m[1]+12)])
	})
	add("future-session", true, 2, each(func(l langLex) string { return l.future }), nil)
	add("from-now-on", true, 1, each(func(l langLex) string { return l.fromNow }), nil)
	add("hides-from-user", true, 2, each(func(l langLex) string { return l.conceal }), nil)
	add("concealment", false, 2, each(func(l langLex) string { return l.conceal }), nil)
	add("unchecked", false, 1, each(func(l langLex) string { return l.unchecked }), nil)
	add("destroy", false, 2, each(func(l langLex) string { return either(l.destroyVerb, l.destroyObj) }), asked)
	add("weaken-safeguard", false, 2, each(func(l langLex) string { return either(l.weakenVerb, l.safeguard) }), asked)
	// A push straight to main, or a force push told with the flag after
	// the branch ("main へ push し、必要なら --force"), in any language.
	add("privilege", false, 2, each(func(l langLex) string { return l.direct })+`|(?:^|[^a-z])(?:main|master)(?:$|[^a-z])[^\n]{0,50}?--force(?:$|[^a-z-])`, asked)
	add("approve-unreviewed", false, 2, each(func(l langLex) string { return either(l.approve, l.unchecked) })+"|"+each(func(l langLex) string { return l.approveOwn }), asked)
	add("instruction-source", false, 2, each(func(l langLex) string { return l.outranks }), nil)
	add("escalate", false, 2, each(func(l langLex) string { return l.grant }), asked)
	// A secret kept in the reader's own notes or memory, in a row's
	// words ("gemmer adgangskoderne i sine noter"): every later session
	// reads it there. The English lexicon's secrets count too ("gem
	// npm-tokenet i sin memory").
	add("leak-into-repo", false, 2, each(func(l langLex) string {
		if l.memory == "" {
			return ""
		}
		secret := `(?:^|[^\p{L}])(?:` + secretObj + `)`
		if l.secret != "" {
			secret = `(?:` + secret + `|` + l.secret + `)`
		}
		return either(secret, l.memory)
	}), asked)
	// Any language: a note that opens with a line for the agent — the
	// word for agent or assistant in the languages no row spells out is
	// most often a loan ("agen", "асистент", "एजेंट", "에이전트") — and a
	// command whose risk needs no translation (a force push, --no-verify,
	// rm -rf, terraform destroy, signing switched off) or keys and .env
	// beside an address outside. The header weighs 1: without the
	// language, nothing says whether the act is asked or forbidden, so
	// only two such acts together (risk ≥ 4) hold the note for a person.
	add("agent-header", true, 1, `(?:^|\n)[^\n:：]{0,40}?(?:`+loanAgent+`)[^\n:：]{0,24}[:：]`, nil)
	add("tech-act", false, 2, techAct, asked)
	// A confirmation waived, in any row's words, beside a command whose
	// risk needs no translation ("`DROP DATABASE` … sendiri, tanpa
	// meminta pengesahan").
	add("waived-confirmation", false, 2, either(each(func(l langLex) string { return l.unchecked }), techAct), asked)
	add("keys-outside", false, 2, `(?:~/\.aws/credentials|~/\.ssh/id_|\bid_(?:rsa|ed25519|ecdsa)\b|(?:^|[^a-z0-9_])\.env\b|\.netrc\b|\.npmrc\b|kubeconfig)`, sent)
	add("download-and-run", false, 3, each(func(l langLex) string { return l.fetchRun }), sent)
	add("sensitive-outbound", false, 3, each(func(l langLex) string {
		secret := secretObj
		if l.secret != "" {
			secret = `(?:` + secretObj + `)|` + l.secret
		}
		return either(l.sendVerb, secret)
	}), sent)
	add("exfiltration", false, 1, each(func(l langLex) string { return l.sendVerb }), sent)
	return out
}

// loanAgent is the agent noun as most languages borrow it, and the words
// for "assistant" in the scripts no row covers.
const loanAgent = `(?:^|[^\p{L}])(?:agen|asist|assist|асист|ассист|агент|βοηθ|avustaj|asszisztens|trợ lý|ai\b|ki\b|ии\b|ші\b)|에이전트|어시스턴트|एजेंट|सहायक|وكيل|مساعد|סוכן|עוזר|エージェント|アシスタント|助手|智能体`

// techAct is a command whose risk reads the same in every language.
const techAct = `git\s+push\s+(?:\S+\s+)*(?:--force|-f)\b|--force\s+(?:origin\s+)?(?:main|master)\b|--no-verify|\brm\s+-(?:rf|fr)\s+(?:/|~|\$home|/var|/etc|\*)|terraform\s+destroy|-auto-approve|commit\.gpgsign\s+false|--unset\s+user\.signingkey|\bdrop\s+(?:database|table)\b|merge\s+\S*\s*--admin|--admin\b[^\n]{0,20}merge`

// langNegated reports an act of the other languages' lexicons that is
// forbidden, not asked: a negation just before it ("non cancellare",
// "не удаляй", "不要删除") or, in Japanese, a negative ending after it
// ("直接プッシュしない").
func langNegated(s string, m []int) bool {
	before := s[max(0, m[0]-16):m[0]]
	after := s[m[1]:min(len(s), m[1]+24)]
	for _, neg := range []string{"non ", "niet ", "nie ", "не ", "inte ", "never ", "not ", "不要", "不能", "禁止", "别", "不得", "絶対に", " ne ", "msh ", "mesh ", "mish ", "abadan"} {
		if strings.Contains(before, neg) {
			return true
		}
	}
	// The prohibitions of the languages no row spells out, read over the
	// clause before the act (their words are longer in bytes): Romanian
	// "nu"/"niciodată", Thai ห้าม/อย่า, Malay and Indonesian "jangan",
	// Tagalog "huwag", Hebrew אל/לא/אסור, Swahili "kamwe".
	if foreignProhibited(s, m) {
		return true
	}
	// Session 22 (batch 26): Neapolitan "nun" before a clitic or a modal
	// ("nun s'hann'a mettere"; a bare "nun" is Esperanto's "now": "de
	// nun forigu"), Walloon "n'" a word at most before ("n' les dene"),
	// Tetum "la" after its subject or
	// before its modal ("ami la instala", "la bele haruka").
	if negatedBefore26().MatchString(before) {
		return true
	}
	// An act told object first with the prohibition between the two
	// ("zaxira nusxalarini hech qachon o'chirma": the backups, never
	// delete).
	if m[1]-m[0] > 1 && prohibition().MatchString(s[m[0]:m[1]]) {
		return true
	}
	for _, neg := range []string{"ない", "禁止", "しません", "niet", " nie "} {
		if strings.Contains(after, neg) {
			return true
		}
	}
	return false
}

// negatedBefore26 is a batch 26 language's negation just before an act.
var negatedBefore26 = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(lexFold(`(?:^|[^\p{L}])nun\s+(?:s'|l'|ll'|'[oae]\s|(?:se|ce|me|te|ve)\s|adda|hadda|hann'a)[^\s.,;:]*\s*$|(?:^|[^\p{L}])n'(?:\s*[^\s.,;:]+)?\s*$|(?:^|[^\p{L}])(?:ami|ita|nia|sira|ha'u|imi|ne'e|ida) la\s*$|(?:^|[^\p{L}])la (?:bele|tenke|tenki|presiza)\s*$`))
})

// modalNegated reports a modal with a negation beside it in the
// session-17 rows' languages: "ne sme", "mora ne", "skal ikke", "nu
// trebuie", "nuk duhet", "mos", "չպետք", "नये", "болмайды", "керек емес".
func modalNegated(span string) bool {
	return modalNo().MatchString(span)
}

var modalNo = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(lexFold(`(?:^|[^\p{L}])(?:ne|nuk|mos|nu|ikke|aldrig|aldri|non|nunca|never|not|net|neniam|msh|mesh|mish)(?:$|[^\p{L}])|ਨਹੀਂ|නැහැ|ಬೇಡ|չ|नये|नका|नाही|емес|болмайды|тиіс емес|(?:^|[^\p{L}])(?:נישט|ניט|набояд|kaua|aja|ora oleh|түгел|ярамый|نابێت|ناتوانێت|tsy|chan|cha|ikki|akufuneki|ungaze)(?:$|[^\p{L}])` +
		// Session 21's rows.
		`|(?:^|[^\p{L}])(?:dili|ayaw|nea|no|aldrei|m'għandu|ntagomba|nesmie|ekwesighi|agaghi|ntugomba|ntibagomba|ntigomba|ntizigomba|ntishobora|ntizishobora|e le tatau|e le mafai|ikkje|ekki|ei|nie|moenie|nooit|ez|არ|ნუ|kada|kar|bai kamata|ko gbodo|hin|se ke|ha a|ha ba|haafaniri|haufaniri|havafaniri|m'għandux|m'għandhomx|qatt|pa|janm|olmaz|bolmaz|he|никога|битгий|болохгүй|болбойт|эмес|নয়|না|নহয়|কেতিয়াও|కాదు|முடியாது|નહીં|የለበትም|የለባቸውም|አይችልም)(?:$|[^\p{L}])|వద్దు|కూడదు|வேண்டாம்|கூடாது` +
		// Session 22 (batch 26): Friulian "nissun"/"nancje", Neapolitan
		// "nun"/"maje", Sorbian "ženje", Walloon "nén", Tetum "la" before
		// its modal, Toki Pona "ala" after it.
		`|(?:^|[^\p{L}])(?:nissun|nissune|nancje|maje|ženje|nén|labele|keta|nun (?:adda|hadda|hann'a|ponno|s'adda))(?:$|[^\p{L}])|(?:^|[^\p{L}])la (?:tenke|tenki|bele|presiza)(?:$|[^\p{L}])|(?:^|[^\p{L}])(?:ken|wile|o) ala(?:$|[^\p{L}])`))
})

// foreignProhibited reports a prohibition of a language without a row
// in the clause before the act s[m[0]:m[1]].
func foreignProhibited(s string, m []int) bool {
	clause := s[clauseStart(s, m[0]):m[0]]
	if len(clause) > 90 {
		clause = clause[len(clause)-90:]
	}
	return prohibition().MatchString(clause) || verbFinalNo().MatchString(s[m[1]:min(len(s), m[1]+40)])
}

// verbFinalNo is a prohibition right after the act, as the languages
// that put the verb last write it: Hindi "force push मत करना", Urdu
// "… مت کرو", Persian "… نکن", Tamil "force-push செய்ய வேண்டாம்" (do
// not do) and "… கூடாது" (must not), with the verb "to do" between.
var verbFinalNo = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(lexFold(`^[\s\x60'"]*(?:निषिद्ध\S*|वर्जित\S*|(?:செய்ய\S*\s+|செய்வது\s+)?(?:வேண்டாம்|கூடாது)|मत|नहीं|مت|نہیں|نکن|نکنید|نباید|बंद\s*(?:है|हैं)|नगर\S*|नहुने|ചെയ്യരുത്|ചെയ്യില്ല|ചെയ്യേണ്ടതില്ല|ചെയ്യാറില്ല|അരുത്|പാടില്ല|එපා|නැහැ|ਨਹੀਂ|(?:କର\S*\s+)?ନାହିଁ|ପାରିବ ନାହିଁ|ပါနှင့်|ပါနဲ့|နှင့်|နဲ့|net|pas|ket|নালাগে|নহয়|নকৰিব|না|নয়|নিষেধ|వద్దు|కూడదు|చేయవద్దు|చేయకూడదు|చేయకండి|లేదు|வேண்டாம்|கூடாது|மாட்டேன்|இல்லை|નહીં|નહિ|ના|የለበትም|የለባቸውም|አይገባም|አይችልም|olmaz|qadağandır|bolmaz|gadagan|däl)(?:$|[^\p{L}])`))
})

// prohibition is a word that forbids the act after it, in the languages
// without a row.
var prohibition = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(lexFold(`(?:^|[^\p{L}])(?:nu|niciodata|jangan|huwag|kamwe|nikoli|nikad|nikada|ikke|aldrig|aldri|nuk|mos|kurre|nunca|endi|musa|riamh|choiche|qachon)(?:$|[^\p{L}])|कहिल्यै|कदापि|(?:^|[^\p{L}])(?:մի|երբեք|ешқашан)(?:$|[^\p{L}])|ห้าม|อย่า|(?:^|[^\p{L}])(?:אל|לא|אסור)(?:$|[^\p{L}])` +
		// Latvian "nekad", "nedrīkst", Belarusian "ніколі", "нельга",
		// Somali "lama" (is not done), "weligaa"/"marnaba" (never).
		`|(?:^|[^\p{L}])(?:nekad|nedrikst\S*|ніколі|нельга|lama|weligaa|waligaa|marnaba|weligiis)(?:$|[^\p{L}])` +
		// Session 20: Sinhala "කවදාවත්" (never), Kannada's "ಬೇಡ" glued
		// to the verb and "ಎಂದಿಗೂ", Punjabi "ਨਾ"/"ਕਦੇ", Pashto "مه" and
		// "هیڅکله", Esperanto "neniam" — bounded by spaces: a vowel sign
		// (Mc) is no letter to \p{L}, so "ਨਾ" would be read inside
		// "ਬਿਨਾਂ" (without).
		`|කවදාවත්|ಬೇಡ|ಎಂದಿಗೂ|(?:^|\s)(?:ਨਾ|ਕਦੇ|مه|هیڅکله|neniam)(?:$|\s|[.,;:!])` +
		// Session 20: Javanese "aja"/"ojo" and "ora tau" (never), Māori
		// "kaua" and "kaore", Yiddish "נישט"/"ניט"/"קיינמאל", Latin
		// "noli"/"nolite"/"numquam", Odia "କେବେ ବି" (never), Tajik
		// "ҳеҷ гоҳ"/"ҳаргиз" (never) and "набояд" (must not).
		`|(?:^|[^\p{L}])(?:aja|ojo|ora tau|kaua|kaore|נישט|ניט|קיינמאל|noli|nolite|numquam|nunquam|ҳеҷ гоҳ|ҳаргиз|набояд)(?:$|[^\p{L}])|(?:^|\s)କେବେ (?:ବି|ହେଲେ)(?:$|\s)` +
		// Session 22: Uyghur "ھەرگىز" (never), "بولمايدۇ" (is not
		// allowed), Tatar "беркайчан" (never), "ярамый", Sorani
		// "هەرگیز", "نابێت" (must not), Malagasy "aza" (do not), "tsy
		// tokony", Gaelic "chan fhaod" (may not), "na dèan", Faroese
		// "ikki", "ongantíð", Xhosa "ungaze" (never), "akufuneki".
		`|(?:^|[^\p{L}\p{N}])(?:ھەرگىز|بولمايدۇ|بولمىسۇن|беркайчан|ярамый|هەرگیز|نابێت|ناتوانێت|aza|tsy tokony|tsy mahazo|chan fhaod|cha bu chòir|na dèan|na cuir|ikki|ongantíð|ungaze|akufuneki|musa)(?:$|[^\p{L}\p{N}])` +
		// Session 21: Cebuano "ayaw"/"dili", Frisian "net"/"nea"/"nimmen",
		// Occitan "jamai", "cal pas", Breton "arabat"/"morse", Igbo
		// "ekwesighi", Kinyarwanda "ntibyemewe"/"ntuzigere", Samoan "aua",
		// "e le tatau", Hausa "kada"/"kar", Yoruba "ko gbodo", Lithuanian
		// "niekada", Estonian "ära"/"mitte", Nynorsk "ikkje", Icelandic
		// "ekki"/"aldrei", Basque "inoiz", Welsh "peidiwch"/"byth",
		// Georgian "არ"/"ნუ", Azerbaijani "heç vaxt"/"olmaz", Maltese
		// "qatt", Shona "haafaniri", Sesotho "se ke", Turkmen "hiç
		// haçan", Quechua "ama", the Cyrillic "никога"/"никад"/"битгий"/
		// "эч качан", Bengali "কখনো", Assamese "কেতিয়াও", Gujarati
		// "ક્યારેય", Amharic "ፈጽሞ"/"የለበትም"; Telugu and Tamil glue theirs
		// to the verb ("తొలగించవద్దు", "நீக்கக்கூடாது").
		`|(?:^|[^\p{L}\p{N}])(?:ayaw|dili|nea|nimmen|noait|jamai|cal pas|deu pas|devon pas|pot pas|podon pas|arabat|morse|biken|ekwesighi|agaghi|emela|ekwela|anaghi|ntibyemewe|ntuzigere|ntukigere|ntugomba|ntibagomba|ntizigomba|ntishobora|ntizishobora|ntibikwiye|aua|e le tatau|e le mafai|kada|kar|ko gbodo|ko si gbodo|niekada|niekuomet|negalima|draudžiama|neturi|mitte|ära|ärge|ei tohi|ei tohiks|ikkje|ekki|aldrei|inoiz|debekatuta|peidiwch|paid|peidio|byth|ni ddylai|ni ddylid|ni chaiff|არ|ნუ|არასდროს|არასოდეს|აკრძალულია|heç vaxt|qətiyyən|olmaz|qadağandır|nooit|qatt|m'għandux|m'għandhomx|ma jistax|projbit|haafaniri|haufaniri|havafaniri|hazvibvumirwe|usatongo|musatongo|se ke|ha a lokela|ha ba lokela|ha o a lokela|le ka mohla|ho hang|gonkumaa|dhorkaadha|hiç haçan|bolmaz|gadagan\S*|ama|amataq|manam|manan|никога|никад|никада|никогаш|битгий|хэзээ ч|болохгүй|хориотой|эч качан|болбойт|কখনো|কখনই|কখনও|কোনোভাবেই|নিষেধ|কেতিয়াও|ক্યারેય|ક્યારેય|કદી|ፈጽሞ|በጭራሽ|የለበትም|የለባቸውም|አይገባም)(?:$|[^\p{L}\p{N}])` +
		`|(?:^|\s)net(?:\s|$)|(?:^|[^\p{L}\p{N}])(?:ntagomba|ntibagomba|nesmie|nesmu|nikdy)(?:$|[^\p{L}\p{N}])|ఎప్పుడూ|ఎన్నడూ|వద్దు|కూడదు|வேண்டாம்|கூடாது|ஒருபோதும்` +
		// … and the ones that stand right before the act and would read
		// as other words elsewhere: Haitian "pa", Oromo "hin", Basque
		// "ez", Yoruba "má ṣe", Catalan "mai", the folded Cyrillic "не"
		// ("he"), Khmer "កុំ", Lao "ຢ່າ"/"ຫ້າມ".
		`|(?:^|[^\p{L}\p{N}])(?:pa|pa dwe|pa janm|janm|janmen|hin|ez|ma se|maa se)\s+$|(?:^|[^\p{L}\p{N}])(?:he|no|mai)(?:\s+[^\s.,;:]+){0,2}[\s']+$|(?:កុំ|មិនត្រូវ|ហាម|ຢ່າ|ຫ້າມ|ບໍ່ໃຫ້)$` +
		// Session 22 (batch 26): Friulian "nissun"/"nancje" (nobody, not
		// even), Neapolitan "maje" (never), Sorbian "ženje" (never),
		// Walloon "nén" (not), Tigrinya "ፈጺምካ"/"ክልኩል" (never,
		// forbidden), Luganda "tekikkirizibwa" (not allowed) and
		// "tasaanidde" (ought not), Tetum "labele"/"keta" (may not, do
		// not), Toki Pona "ken ala"/"o … ala" (cannot, do not).
		`|(?:^|[^\p{L}\p{N}])(?:nissun|nissune|nancje|maje|ženje|nén|ፈጺምካ|ፈጺሙ|ክልኩል|tekikkirizibwa|tasaanidde|tebasaanidde|tosaanidde|labele|keta)(?:$|[^\p{L}\p{N}])|(?:^|[^\p{L}\p{N}])(?:ken|wile|o|weka|pana|pakala|toki) ala(?:$|[^\p{L}\p{N}])`))
})

// clauseStart is where the clause holding s[i] starts: after the last
// sentence end, semicolon or line break before it. A dot inside a word
// (".env", "drop.example.net", "v1.2") ends no sentence.
func clauseStart(s string, i int) int {
	for {
		j := strings.LastIndexAny(s[:i], ".;!?\n")
		if j < 0 || s[j] != '.' || j+1 >= len(s) || s[j+1] == ' ' || s[j+1] == '\n' || s[j+1] == '\t' || s[j+1] == '"' || s[j+1] == '\'' || s[j+1] == ')' {
			return j + 1
		}
		i = j
	}
}

// bounded returns l with every field made to start at a word's start,
// for the languages that write spaces between words ("tat", Vietnamese
// for "switch off", is not the middle of "hesitate"); Japanese and
// Chinese write none, and their fields start where they match.
func bounded(l langLex) langLex {
	if l.lang == "ja" || l.lang == "zh" || l.lang == "th" || l.lang == "my" || l.lang == "km" || l.lang == "lo" {
		return l
	}
	b := func(e string) string {
		if e == "" {
			return ""
		}
		return wordStart + `(?:` + e + `)`
	}
	l.note, l.agent, l.future, l.fromNow, l.conceal, l.unchecked = b(l.note), b(l.agent), b(l.future), b(l.fromNow), b(l.conceal), b(l.unchecked)
	l.destroyVerb, l.destroyObj, l.weakenVerb, l.safeguard, l.sendVerb = b(l.destroyVerb), b(l.destroyObj), b(l.weakenVerb), b(l.safeguard), b(l.sendVerb)
	l.approve, l.approveOwn, l.outranks, l.direct, l.fetchRun, l.grant = b(l.approve), b(l.approveOwn), b(l.outranks), b(l.direct), b(l.fetchRun), b(l.grant)
	l.must, l.secret, l.memory = b(l.must), b(l.secret), b(l.memory)
	return l
}

// wordStart is the bound bounded puts before every field.
const wordStart = `(?:^|[^\p{L}\p{N}_])`

// lexFold folds a lexicon's expression as shapeView folds a text: marks
// dropped (a Japanese voiced mark, a Polish ogonek) and confusable words
// mapped (foldConfusables). The expression is written in lower case.
func lexFold(expr string) string {
	return foldConfusables(dropMarks(expr))
}

// dropMarks decomposes s and drops its combining marks.
func dropMarks(s string) string {
	if isPlainASCII(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFD.String(s))
}

// foldConfusables maps confusable letters to Latin in the words that
// would read as Latin: a word whose every letter outside ASCII passes for
// a Latin one ("аgents" with a Cyrillic а, "ѕkір" all in look-alikes) is
// a disguise, and is read as the Latin word; a word holding any other
// letter of its script ("пароль", "удали") is that language's and stays,
// so the lexicons of other scripts can read it.
func foldConfusables(s string) string {
	if isPlainASCII(s) {
		return s
	}
	conf := confusable()
	var b strings.Builder
	b.Grow(len(s))
	word := []rune{}
	flush := func() {
		mapped := true
		for _, r := range word {
			if r >= 0x80 && unicode.IsLetter(r) {
				if _, ok := conf[r]; !ok {
					mapped = false
					break
				}
			}
		}
		for _, r := range word {
			if c, ok := conf[r]; ok && mapped {
				r = c
			}
			b.WriteRune(r)
		}
		word = word[:0]
	}
	for _, r := range s {
		if unicode.IsLetter(r) {
			word = append(word, r)
			continue
		}
		flush()
		b.WriteRune(r)
	}
	flush()
	return b.String()
}
