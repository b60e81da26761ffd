"""The vocabularies a comment is read with: data, one language a row. Pure.

`core.clauses` reads a comment with these: words and phrases of agreement and of
refusal (`APPROVE`, `REFUSE`), the cues that change what a clause means
(`CONDITIONS`, `HEDGES`, `CORRECTIONS`, `NEGATIONS`) and the words a clause may
carry around a decision without changing it (`FILLERS`). Phrases are lower case,
written as people type them; apostrophes are plain (`’` is read as `'`). A phrase
of letters matches whole words; an emoji or a phrase in a script without spaces
matches where it stands.

These are not the words the architect acts on (those are `core.words.REGISTRY`):
a clause of agreement or refusal here is *likely*, and gets one reply saying what
to write, never an action.
"""

from __future__ import annotations

from collections.abc import Mapping

APPROVE: Mapping[str, tuple[str, ...]] = {
    "en": ("lgtm", "looks good", "looks good to me", "look good", "looks great", "looks fine",
           "sounds good", "sounds great", "sounds fine", "sounds right", "good to go",
           "all good", "fine by me", "fine with me", "works for me", "ok by me", "ok with me",
           "ship it", "go", "go ahead", "go for it", "let's go", "lets go", "let's do it",
           "lets do it", "let's do this", "lets do this", "let's go with it",
           "let's go ahead", "lets go ahead", "let's go ahead with it", "let's go ahead with this",
           "let's go with this", "let's ship it", "let's build it", "yes", "yep", "yeah",
           "yup", "sure", "ok", "okay", "agreed", "agree", "i agree", "approve", "approving",
           "i approve", "+1", "+100", "approve from me", "i'm in", "count me in",
           "no objection", "no objections", "no objections from me", "why not",
           "green light", "thumbs up", "makes sense", "let's proceed", "proceed",
           "go go go", "do it", "just do it", "sgtm", "i'm happy with this",
           "happy with this", "happy with it", "love it", "great idea", "good idea",
           "good plan", "great plan", "let's move forward", "move forward", "on board",
           "i'm on board", "approved from my side", "yes please", "absolutely", "definitely",
           "i accept", "we accept", "accept it", "accepting", "i like it", "i like this",
           "nice", "great", "perfect", "excellent", "awesome", "fine", "alright",
           "all right", "ready", "ready to go", "approved", "accepted", "approve it",
           "this is approved", "ready to be approved", "acceptable", "like the idea",
           "i like the idea", "looks nice", "great stuff", "seems fine", "seems good",
           "i support this", "support", "in favour", "in favor", "i'm in favour",
           "i'm in favor", "thumbs up", "aye", "nothing blocking", "no blockers",
           "seems reasonable", "sounds reasonable", "looks reasonable",
           "no blocking concerns", "nothing that blocks", "not blocking", "👏", "🙌", "💪"),
    "de": ("sieht gut aus", "passt", "passt so", "einverstanden", "ja", "jawohl", "gerne",
           "machen wir", "machen wir so", "los geht's", "los gehts", "angenommen",
           "genehmigt", "akzeptiert", "zugestimmt", "ich stimme zu", "gute idee",
           "klingt gut", "von mir aus", "freigegeben", "okay von mir"),
    "fr": ("d'accord", "ok pour moi", "c'est bon", "ça marche", "ca marche", "on y va",
           "allons-y", "oui", "accepté", "acceptée", "approuvé", "approuvée", "validé",
           "bonne idée", "parfait", "je valide", "feu vert", "bon pour moi", "raisonnable",
           "ça me paraît raisonnable", "ça me semble bien", "ça me va", "me paraît bien"),
    "es": ("de acuerdo", "vale", "sí", "si, adelante", "adelante", "vamos", "vamos con ello",
           "aceptado", "aprobado", "me parece bien", "perfecto", "buena idea", "luz verde",
           "estoy de acuerdo", "hagámoslo", "hagamoslo"),
    "pt": ("sim", "concordo", "aceito", "aprovado", "pode seguir", "vamos nessa",
           "bora", "parece bom", "fechado", "boa ideia", "tudo certo", "manda ver"),
    "it": ("va bene", "d'accordo", "accettato", "approvato", "procediamo", "andiamo",
           "perfetto", "ottimo", "buona idea", "mi sta bene", "sì", "sembra ragionevole",
           "mi sembra ragionevole", "ragionevole", "mi sembra ok", "sembra ok", "approvo",
           "accetto"),
    "nl": ("akkoord", "goedgekeurd", "prima", "ziet er goed uit", "ja", "eens", "mee eens",
           "doen", "laten we het doen", "klinkt goed", "top"),
    "pl": ("zgoda", "tak", "akceptuję", "akceptuje", "zatwierdzam", "wygląda dobrze",
           "dobrze", "w porządku", "zgadzam się", "do dzieła", "działajmy", "zaakceptował",
           "zaakceptowała", "zaakceptuję", "zaakceptować", "akceptować", "zatwierdziłbym"),
    "ru": ("да", "согласен", "согласна", "одобряю", "одобрено", "принято", "хорошо",
           "выглядит хорошо", "поехали", "давай", "давайте", "отлично", "норм"),
    "zh": ("同意", "赞成", "好的", "可以", "没问题", "批准", "通过", "行", "支持", "好"),
    "ja": ("承認", "賛成", "いいね", "良いと思います", "いいと思います", "問題ありません",
           "了解", "オッケー", "進めましょう", "お願いします", "異議なし", "進めてください",
           "進めて下さい", "良さそうです", "いいですね"),
    "tr": ("evet", "tamam", "olur", "bence olur", "iyi fikir", "güzel fikir", "katılıyorum",
           "onaylıyorum", "harika", "kabul", "bence gayet iyi", "gayet iyi", "devam edelim"),
    "ko": ("승인", "승인합니다", "좋아요", "좋습니다", "찬성", "찬성합니다", "동의합니다",
           "진행하시죠", "진행해 주세요", "진행합시다", "괜찮습니다", "네", "동의", "좋네요",
           "좋아 보입니다", "좋아 보여요", "괜찮아요", "찬성이에요"),
    "uk": ("так", "згоден", "згодна", "погоджуюсь", "погоджуюся", "підтримую", "добре",
           "давайте", "вперед", "чудово", "виглядає добре", "норм", "схвалюю"),
    "vi": ("đồng ý", "ok", "được", "được đó", "ổn", "ổn đó", "tốt", "hay", "ủng hộ",
           "nhất trí", "rất tốt", "tuyệt"),
    "id": ("setuju", "saya setuju", "oke", "ok", "boleh", "sip", "mantap", "bagus",
           "lanjut", "gas", "gaskeun", "siap", "cocok", "aman"),
    "hi": ("haan", "haan ji", "theek hai", "thik hai", "sahi hai", "badhiya", "chalega",
           "mast", "ठीक है", "हाँ", "हां", "सही है", "बढ़िया"),
    "ar": ("موافق", "موافقة", "أوافق", "نعم", "تمام", "ممتاز", "جيد", "يلا"),
    "cs": ("souhlasím", "ano", "dobře", "vypadá dobře", "jo", "v pořádku"),
    "sv": ("ja", "kör", "kör på", "ser bra ut", "låter bra", "godkänt", "godkänd"),
    # English the way it is spoken in many places: praise and a go in slang.
    "slang": ("cracking", "cracking stuff", "brilliant", "spot on", "bang on", "top notch",
              "sorted", "ace", "sweet", "sweet as", "nice one", "good stuff", "too easy",
              "no worries", "ripper", "legit", "sounds legit", "chef's kiss", "love this",
              "love to see it", "this slaps", "hell yeah", "hell yes", "heck yes", "heck yeah",
              "sure thing", "i'm down", "down for this", "i'm game", "game on", "sign me up",
              "solid", "rock solid", "big fan", "fair enough", "all gravy", "gravy", "dope",
              "yass", "yasss", "based", "banger", "class"),
    "emoji": ("👍", "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿", "🚀", "✅", "✔", "✔️", "☑️", "🎉",
              "💯", "🆗", "👌", ":+1:", ":thumbsup:", ":rocket:", ":white_check_mark:",
              ":shipit:", ":ok_hand:", ":tada:", "🟢"),
}

REFUSE: Mapping[str, tuple[str, ...]] = {
    "en": ("no", "nope", "nah", "no thanks", "no thank you", "not now", "not this time",
           "not the right time", "not the right moment", "wrong time", "bad timing",
           "non è il momento", "non è il momento giusto", "no es el momento",
           "ce n'est pas le moment", "não é o momento", "nicht der richtige zeitpunkt",
           "to nie jest dobry moment",
           "not this quarter", "not this sprint", "not for now", "not right now",
           "not interested", "not a fan", "-1", "🙅", "meh",
           "let's not", "let's not do this", "let's not do it", "lets not", "don't do it",
           "don't do this", "please don't", "i object", "objection", "i disagree",
           "disagree", "i'm against", "against", "i'm against this", "won't do",
           "wontfix", "won't fix", "drop it", "let's drop it", "let's drop this",
           "kill it", "veto", "i veto", "pass", "hard pass", "i'll pass", "not for us",
           "thumbs down", "decline", "declining", "refuse", "i refuse", "no way",
           "no, thanks", "close it", "close this", "let's close this", "not needed",
           "not worth it", "out of scope", "nay", "rejected", "declined", "skip this one",
           "skip it", "let's skip it", "i'd drop it", "drop it", "not necessary",
           "no interest", "not worth a sprint", "abandon this pitch", "close this out",
           "close it out", "let's not", "rather not", "i'd rather not", "i'd rather we didn't",
           "rather we didn't", "i'd rather we did not"),
    "de": ("nein", "abgelehnt", "lieber nicht", "bitte nicht", "nicht jetzt", "dagegen",
           "ich bin dagegen", "machen wir nicht", "nee", "nö", "passt nicht"),
    "fr": ("non", "non merci", "rejeté", "rejetée", "refusé", "refusée", "pas maintenant",
           "pas pour l'instant", "je refuse", "contre", "pas d'accord"),
    "es": ("no", "no, gracias", "no gracias", "rechazado", "rechazada", "ahora no",
           "por ahora no", "en contra", "no estoy de acuerdo", "mejor no"),
    "pt": ("não", "nao", "não, obrigado", "rejeitado", "recusado", "agora não",
           "discordo", "melhor não"),
    "it": ("no grazie", "rifiutato", "respinto", "non ora", "non adesso", "contrario",
           "meglio di no", "non sono d'accordo"),
    "nl": ("nee", "nee dank je", "afgewezen", "niet nu", "liever niet", "oneens",
           "niet mee eens"),
    "pl": ("nie", "odrzucam", "odrzucone", "nie teraz", "nie zgadzam się", "raczej nie",
           "nie jestem przekonany", "nie jestem przekonana", "nie przekonuje mnie"),
    "ru": ("нет", "отклонено", "отклоняю", "не сейчас", "не согласен", "не согласна",
           "против", "не надо"),
    "zh": ("拒绝", "驳回", "不同意", "反对", "不行", "不要", "不"),
    "ja": ("却下", "拒否", "反対", "いいえ", "見送り", "やめましょう", "不要",
           "見送りましょう", "今回は見送り"),
    "tr": ("hayır", "olmaz", "bence olmaz", "katılmıyorum", "gerek yok", "reddediyorum",
           "içime sinmedi", "içime sinmiyor", "pek içime sinmedi", "emin olamadım"),
    "ko": ("반려", "반려합니다", "거절", "거절합니다", "리젝트", "리젝트합니다", "반대",
           "반대합니다",
           "아니요", "안 됩니다", "안 하는 걸로 하죠", "반대예요", "반대입니다"),
    "uk": ("ні", "не згоден", "не згодна", "відхиляю", "відхилено", "проти", "я проти",
           "не зараз", "не треба", "не варто"),
    "vi": ("không đồng ý", "không", "không được", "từ chối", "thôi", "bỏ đi", "chưa được",
           "không ổn"),
    "id": ("tidak setuju", "nggak setuju", "gak setuju", "tidak", "nggak", "gak", "jangan",
           "tolak", "ditolak", "saya tolak", "belum", "gak usah", "nggak usah",
           "tidak perlu"),
    "hi": ("nahi", "nahin", "nahi chahiye", "mat karo", "rehne do", "नहीं", "ज़रूरत नहीं"),
    "ar": ("لا", "أرفض", "مرفوض", "غير موافق", "لا أوافق", "لا داعي"),
    "cs": ("ne", "nesouhlasím", "zamítám", "zamítnuto", "teď ne"),
    "sv": ("nej", "avslag", "avslås", "inte nu", "nej tack"),
    "slang": ("nah mate", "not keen", "not feeling it", "hard no", "no chance", "not a chance",
              "no dice", "big no", "no bueno", "naw", "nah fam", "bin it", "nix it", "nix this",
              "scrap it", "scrap this", "not happening", "that's a no", "that's a no from me",
              "no from me", "a no from me", "count me out"),
    "emoji": ("👎", "👎🏻", "👎🏼", "👎🏽", "👎🏾", "👎🏿", "❌", "✖️", "✖", "🚫", "⛔", "🛑",
              ":-1:", ":thumbsdown:", ":x:", ":no_entry:", ":no_entry_sign:", "🔴"),
}

# Agreement and refusal a reviewer writes to decide, not to comment: a comment that says
# one of these (in a clause of its own, or first before a reason) decides, as `ACCEPT`
# and `REJECT` do; the rest of `APPROVE` and `REFUSE` is likely, and asked back.
DECIDE_APPROVE: tuple[str, ...] = (
    "lgtm", "ship it", "approve", "approved", "i approve", "approving", "approve it",
    "approved from my side", "this is approved", "accept", "accepted", "i accept",
    "accept it", "let's go with it", "let's go with this", "let's do it", "let's do this",
    "genehmigt", "freigegeben", "akzeptiert", "angenommen", "approuvé", "approuvée",
    "accepté", "acceptée", "validé", "aprobado", "aceptado", "aprovado", "aceito",
    "approvato", "accettato", "goedgekeurd", "zatwierdzam", "zatwierdzone", "одобрено",
    "принято", "批准", "承認", "承認します",
    # A go said as an instruction ("Go for it!", "on y va", "procedi pure") decides as
    # plainly as "approved": the writer tells the bot to proceed.
    "go", "go ahead", "go for it", "go go go", "let's go", "lets go", "proceed",
    "let's go ahead", "lets go ahead", "please proceed", "let's proceed", "let's move forward",
    "let's ship it", "let's build it",
    "do it", "just do it", "green light", "good to go", "los geht's", "los gehts",
    "machen wir", "machen wir so", "on y va", "allons-y", "adelante", "vamos",
    "vamos con ello", "hagámoslo", "hagamoslo", "pode seguir", "vamos nessa", "manda ver",
    "procedi", "procedi pure", "procediamo", "andiamo", "ga je gang", "laten we het doen",
    "do dzieła", "поехали", "進めましょう", "進めてください", "進めて下さい",
    "请继续", "继续吧", "开始吧", "승인합니다", "진행하시죠", "진행해 주세요",
    "we can proceed", "can proceed", "진행하죠", "делаем", "да, делаем",
    # "on peut passer aux questions", "we can move on": go on to the design questions.
    "we can move on", "let's move on", "move on", "on peut passer", "passons", "passons-y",
    "on peut continuer", "continuons", "podemos seguir", "sigamos", "podemos avanzar",
    "avancemos", "podemos continuar", "weiter geht's", "wir können weitermachen",
    "possiamo procedere", "andiamo avanti", "possiamo andare avanti", "we kunnen door",
    "możemy kontynuować", "можно продолжать", "продолжаем", "можно двигаться дальше",
    "先に進めて", "继续进行", "可以继续",
    # "Laten we beginnen", "let's start": begin the design questions.
    "let's start", "let's begin", "let's get started", "laten we beginnen", "we kunnen beginnen",
    "empecemos", "vamos a empezar", "podemos empezar", "commençons", "on peut commencer",
    "lass uns anfangen", "fangen wir an", "iniziamo", "possiamo iniziare", "comecemos",
    "podemos começar", "zaczynajmy", "możemy zaczynać", "начнём", "начинаем", "можно начинать",
    "可以开始", "可以开始了", "可以开始设计问题了", "开始设计问题吧", "始めましょう", "시작합시다",
    # The same go, in slang and in the other languages of `APPROVE`.
    "crack on", "let's crack on", "get cracking", "full steam ahead", "send it", "let's roll",
    "make it so", "have at it", "run with it", "lfg", "let's get it", "go nuts",
    "схвалено", "погоджено", "затверджено", "прийнято", "поїхали",
    "triển khai đi", "làm đi", "duyệt", "đã duyệt", "chấp nhận", "tiến hành đi",
    "disetujui", "lanjutkan", "gas", "gas aja", "gaskeun", "jalan", "lanjut aja",
    "kar do", "karo", "manzoor", "मंजूर", "मंज़ूर", "تمت الموافقة", "معتمد",
    "schváleno", "schvaluji", "godkänner", "kör på",
)
DECIDE_REFUSE: tuple[str, ...] = (
    "reject", "rejected", "rejecting", "declined", "decline", "denied", "nack",
    "no-go", "no go", "nogo", "abgelehnt", "rejeté", "rejetée", "refusé", "refusée",
    "rechazado", "rechazada", "rejeitado", "recusado", "respinto", "rifiutato",
    "afgewezen", "odrzucone", "odrzucam", "отклонено", "отклоняю", "拒绝", "驳回",
    "却下", "拒否", "반려합니다", "거절합니다", "리젝트합니다",
    # A stop said as an instruction ("nah, kill it", "Let's not do this", "close it").
    "kill it", "not doing this", "let's not do this", "let's not do it", "won't do",
    "wontfix", "won't fix", "veto", "i veto", "hard pass", "close it", "close this",
    "let's close this", "close this out", "close it out", "let's drop it", "let's drop this",
    "drop it", "abandon this pitch", "closing this", "closing it", "closing this pr",
    "closing this out", "machen wir nicht", "on ne le fait pas", "no lo hagamos",
    "não vamos fazer", "non lo facciamo", "niet doen", "no lo vamos a hacer",
    "esto no lo vamos a hacer", "no vamos a hacerlo", "这个迭代不做", "这次不做", "不做了",
    "не будем делать", "не делаем",
    "hard no", "bin it", "nix it", "nix this", "scrap it", "scrap this", "count me out",
    "відхиляю", "відхилено", "не будемо робити", "từ chối", "bỏ đi", "ditolak", "saya tolak",
    "tolak", "mat karo", "रद्द", "مرفوض", "أرفض", "zamítám", "zamítnuto", "avslås",
)

DECIDE = DECIDE_APPROVE + DECIDE_REFUSE

# The words a slip of one keystroke is read as (`LGMT`, `aproved`), when a comment is
# that one word: long or odd enough that no other word is one keystroke from them.
SLIPS: tuple[str, ...] = (
    "lgtm", "sgtm", "approve", "approved", "approving", "agreed", "accepted", "rejected",
    "declined", "einverstanden", "akzeptiert", "angenommen", "abgelehnt", "genehmigt",
    "aceptado", "rechazado", "aprobado", "akkoord", "afgewezen", "accettato", "rifiutato",
    "approvato", "rejeitado", "aprovado",
)

# Words a clause may carry around a decision without changing it ("+1 from me, thanks!").
FILLERS: tuple[str, ...] = (
    # a vote said as one ("I vote no", "my vote: yes", "+1 (binding)")
    "i vote", "my vote", "my vote is", "we vote", "voting", "i'm voting", "binding",
    "non-binding", "nonbinding",
    "thanks", "thank you", "thx", "ty", "cheers", "please", "pls", "from me", "from my side",
    "from my end", "on my side", "for me", "to me", "here", "same here", "me too", "too",
    "also", "as well", "all", "so", "then", "well", "ok so", "honestly", "really", "very",
    "totally", "fully", "overall", "sorry", "i think", "i'd say", "i guess so", "imo",
    "otherwise", "it's", "this is", "is", "i'm going to", "go ahead and", "and", "seems",
    "the plan", "to be", "for the reasons given", "to doing this", "in the pitch",
    "for the reasons given in the pitch", "from my side", "one", "more", "reason", "👓",
    "imho", "tbh", "folks", "team", "guys", "all", "now", "today", "again", "indeed",
    "from our side", "for us", "with it", "with this", "this", "it", "the pitch",
    "this pitch", "the proposal", "this one", "big", "strong", "a", "it is", "it's",
    "merci", "danke", "gracias", "grazie", "obrigado", "obrigada", "dank je", "dziękuję",
    "спасибо", "谢谢", "ありがとう", "bence", "個人的には", "うーん", "今回は", "このまま",
    "では", "じゃあ", "那就", "bien", "bon", "gut", "sehr", "muy", "bueno", "alors",
    "also gut", "dann", "von mir", "de mi parte", "pour moi", "para mí", "per me",
    "to the questions", "to the design questions", "to the design phase", "to design",
    "with the questions", "with the design questions", "aux questions",
    "aux questions de conception", "à la conception", "a las preguntas",
    "a las preguntas de diseño", "con las preguntas", "zu den fragen", "alle domande",
    "naar de vragen", "do pytań", "к вопросам",
    "的", "吧", "です", "ます", "!", "✨", "🙏", "😀", "🙂", "😊", "❤️", "💚", "🎉",
    # "honestly", "I'd say" in the languages of the field ("Pek içime sinmedi açıkçası")
    "frankly", "açıkçası", "direi", "mah", "ehrlich gesagt", "franchement", "sinceramente",
    "szczerze", "честно говоря", "eerlijk gezegd", "jujur", "ehrlich", "würde ich sagen",
    "je dirais", "diría", "diria", "yo diría", "eu diria",
    "alles", "tout", "todo", "tudo", "tutto", "wszystko", "всё", "все",
    # The writer and the politeness around a word, in the languages added last: Korean
    # endings (`반대입니다`), Vietnamese and Indonesian particles, the Hindi "ji".
    "저는", "저도", "전", "제", "입니다", "이에요", "예요", "요", "mình", "tôi", "em", "anh",
    "chị", "nhé", "nha", "ạ", "nhe", "luôn", "saya", "aku", "ya", "deh", "aja", "dulu",
    "sih", "dari saya", "dari aku", "ji", "yaar", "bhai", "mate", "fam", "guys", "stuff",
    "я", "від мене", "дякую", "cảm ơn", "terima kasih", "makasih", "dhanyavaad", "شكرا",
)

# Words as people type them in a hurry, read as the word they stand for ("sounds gud, im
# in", "i dont like it"): apostrophes dropped, casual spellings. Only forms that are no
# other English word ("ill", "well", "were", "its" are words: not here).
CASUAL: Mapping[str, str] = {
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't",
    "arent": "aren't", "wasnt": "wasn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't",
    "couldnt": "couldn't", "havent": "haven't", "hasnt": "hasn't", "im": "i'm", "ive": "i've",
    "youre": "you're", "thats": "that's", "lets": "let's", "gud": "good",
    "gd": "good", "gr8": "great", "grt": "great", "luv": "love",
    "plz": "please", "pls": "please", "kk": "ok", "okey": "okay", "oki": "ok",
    "yeh": "yeah", "yea": "yeah",
    "werent": "weren't", "wont": "won't", "shd": "should",
    "nvm": "never mind", "idk": "i don't know", "dunno": "don't know", "wfm": "works for me",
    "whats": "what's", "wouldve": "would've",
}

# Praise of the work, not a vote on it: from someone who may not steer ("Nice, thanks for
# working on it!"), no reply naming who may.
PRAISE: tuple[str, ...] = (
    "nice", "great", "cool", "awesome", "excellent", "perfect", "neat", "amazing", "love it",
    "love this", "great stuff", "looks nice", "wonderful", "fantastic", "brilliant", "wow",
    "nice work", "great work", "nice one", "sweet", "super", "genial", "génial", "top",
    "🎉", "❤️", "😍", "✨", "👏", "🙌",
)

# A clause that sets a condition: never acted on; the reply names the condition.
CONDITIONS: tuple[str, ...] = (
    "if", "only if", "unless", "provided", "providing", "provided that", "as long as",
    "so long as", "assuming", "on condition", "on the condition", "conditional on",
    "subject to", "once", "after", "as soon as", "but only", "only when", "when",
    "wenn", "falls", "sofern", "si", "à condition", "pourvu que", "siempre que",
    "con tal de que", "se", "desde que", "purché", "a patto che", "als", "mits", "jeśli",
    "jeżeli", "pod warunkiem", "если", "при условии", "如果", "假如", "只要", "もし", "なら",
    "pokud", "jestli", "eğer", "만약", "om det", "förutsatt",
    # uk, vi, id, hi (and as typed in Latin script), ar, sv, da/no, fi
    "якщо", "за умови", "nếu", "miễn là", "với điều kiện", "jika", "kalau", "asalkan",
    "dengan syarat", "agar", "अगर", "बशर्ते", "إذا", "اذا", "بشرط", "bara om", "hvis", "jos",
    # what is still to come ("Pending sign-off from legal, …"), and the condition named
    # back after the decision ("ACCEPT sous cette condition")
    "pending", "sous réserve", "vorbehaltlich", "in attesa di", "on that condition",
    "under that condition", "with that condition", "sous cette condition", "à cette condition",
    "unter dieser bedingung", "unter der bedingung", "con esa condición", "bajo esa condición",
    "com essa condição", "nessa condição", "a questa condizione", "seulement si",
)

# Words of doubt: a hedged clause is never acted on; the reply names the doubt.
HEDGES: tuple[str, ...] = (
    "maybe", "perhaps", "probably", "possibly", "might", "may be", "could be", "not sure",
    "unsure", "i'm not sure", "not certain", "no idea", "don't know", "dunno", "leaning",
    "leaning towards", "leaning toward", "inclined", "my lean", "happy to be convinced",
    "could be convinced", "open to other", "tentatively", "tentative", "for now?",
    "undecided", "torn", "on the fence", "not a hill", "no strong opinion",
    "could go either way", "before deciding", "before we decide", "before i decide",
    "before making a decision", "before we commit", "before committing",
    "not convinced", "i'm not convinced", "not 100% sure", "not entirely sure",
    "not 100% convinced", "not fully convinced", "not entirely convinced", "not 100%",
    "not fully sure", "not really sure", "inclined to", "leaning to",
    "hard to say", "i guess", "i suppose", "kind of", "sort of", "let me think",
    "still thinking", "need to think", "need more time", "not yet decided", "tbd",
    "pas encore", "noch nicht entschieden", "todavía no", "ainda não", "non ancora",
    "nog niet", "jeszcze nie", "ещё не", "еще не",
    # "not yet" decided, in unspaced languages: bare 还没 / まだ stand in any sentence
    # ("我们还没有服务端存储": "we have no server storage yet"), so with their verb
    "还没决定", "还没想好", "还没确定", "还没定", "还在考虑", "まだ決め", "まだ迷", "まだ考え",
    "まだ検討", "まだ分から", "まだわから", "まだ承認", "まだ判断",
    "vielleicht", "eventuell", "weiß nicht", "peut-être", "pas sûr", "quizás", "quizá",
    "tal vez", "no sé", "talvez", "não sei", "forse", "non so", "misschien", "weet niet",
    "może", "nie wiem", "может быть", "наверное", "не знаю", "也许", "可能", "不确定",
    "nicht sicher", "nicht ganz sicher", "eher", "emin değil", "galiba", "sanırım", "pas certain",
    "no estoy seguro", "no estoy segura", "no estoy del todo seguro", "no estoy del todo segura",
    "não tenho a certeza", "não estou seguro", "não estou segura", "pas sûre", "pas vraiment sûr",
    "nicht so sicher", "non sono sicura", "non ne sono sicuro", "no lo tengo claro",
    "não tenho certeza", "non sono sicuro", "niet zeker", "nie jestem pewien",
    "не уверен", "不太确定", "わからない", "たぶん", "多分", "かもしれない", "확실하지", "아마",
    "잘 모르", "것 같",
    # tr, pl, sv, da, no: "maybe", "probably", "I'm not sure" as they inflect
    "belki", "muhtemelen", "herhalde", "emin değilim", "emin değiliz", "bilmiyorum",
    "kararsızım", "chyba", "raczej", "prawdopodobnie", "nie jestem pewna", "nie jestem pewny",
    "kanske", "troligen", "inte säker", "inte helt säker", "osäker", "måske", "kanskje",
    "ikke sikker",
    # "probably", "perhaps" in more of the common languages; Hindi as typed in Latin script
    "wahrscheinlich", "vermutlich", "probablement", "probablemente", "a lo mejor",
    "provavelmente", "probabilmente", "magari", "waarschijnlijk", "вероятно", "возможно",
    "大概", "或许", "也許", "글쎄", "shayad", "shaayad", "pakka nahi", "pakka nahin",
    "pata nahi", "pata nahin", "nahi pata", "sure nahi", "शायद", "पता नहीं",
    # waiting on someone else's word first ("lemme check w design first", "à confirmer
    # avec l'équipe infra", "I'd like to hear what bob thinks first")
    "lemme check", "let me check", "need to check", "i want to check", "check first",
    "to be confirmed", "tbc", "à confirmer", "a confirmer", "da confermare", "por confirmar",
    "a confirmar", "noch zu klären", "i'd like to hear", "like to hear what",
    "want to hear what", "before i say yes", "before saying yes",
    "keep changing my mind", "both are defensible", "both defensible", "either is defensible",
    # a preference said to be weak ("slight preference for S3")
    "slight preference", "slightly prefer", "weak preference", "weakly prefer",
    "mild preference", "soft preference", "gut says", "gut feeling", "not married to",
    # a first instinct, thinking aloud
    "my instinct", "first instinct", "instinct says", "my hunch", "thinking out loud",
    "just thinking", "haven't made up my mind",
)

# Cues that the writer takes back what they just wrote: the last word wins.
CORRECTIONS: tuple[str, ...] = (
    "actually", "actually no", "no wait", "wait", "scratch that", "strike that",
    "on second thought", "on second thoughts", "correction", "i mean", "i meant",
    "make that", "rather", "change of mind", "changed my mind", "i changed my mind",
    "edit", "update:", "sorry, i meant", "let me correct", "correcting myself",
    "hmm, no", "no,", "instead", "eigentlich", "doch", "en fait", "plutôt", "mejor",
    "en realidad", "na verdade", "anzi", "eigenlijk", "właściwie", "вернее", "точнее",
    "meant", "sorry, meant", "thinking about it more", "thinking about it again", "nein,",
    "non,", "pardon", "moment", "on reflection", "thinking again", "re-reading", "rereading",
    "sorry, no", "nein,", "não,", "espera", "jednak", "不对", "应该是", "잠깐", "정정", "ehh",
    "eh,", "attendez", "attends", "aspetta", "wacht", "czekaj", "стоп", "待って", "いや",
    "a jednak", "doch nicht", "oder doch nicht", "en fait non", "finalement non",
    "pensándolo bien", "pensandolo bien", "na verdade não", "anzi no", "ripensandoci",
    "toch niet", "хотя нет", "算了", "やっぱり", "ignore that", "ignore my",
    "no —", "no –", "no -", "never mind", "nevermind", "forget it", "i take that back",
    "take it back", "lasciate perdere", "lascia perdere", "vergiss es", "laisse tomber",
    "olvídalo", "deixa pra lá", "geri alıyorum", "yok, dur", "beru zpět", "vlastně ne",
    "nee wacht", "nee, wacht", "nein warte", "nein, warte", "warte", "non attends",
    "non, attends", "no espera", "no, espera", "não, espera", "no aspetta", "no, aspetta",
    "nie, czekaj", "nie czekaj", "нет, стоп", "hayır dur", "いや待って", "等等",
)
# The cues of `CORRECTIONS` that take back what came before even when no new decision
# follows ("Approved. Hmm, wait — I haven't checked the SSO part"); the others
# ("actually", "edit") take it back only with a doubt after them.
TAKE_BACK: tuple[str, ...] = (
    "scratch that", "strike that", "on second thought", "on second thoughts", "no wait",
    "wait", "actually no", "hmm, no", "changed my mind", "i changed my mind",
    "change of mind", "a jednak", "doch nicht", "oder doch nicht", "en fait non",
    "finalement non", "pensándolo bien", "pensandolo bien", "na verdade não", "anzi no",
    "ripensandoci", "toch niet", "хотя нет", "算了", "やっぱり", "ignore that", "ignore my",
    "never mind", "nevermind", "forget it", "i take that back", "take it back",
    "lasciate perdere", "lascia perdere", "vergiss es", "laisse tomber", "olvídalo",
    "deixa pra lá", "geri alıyorum", "yok, dur", "beru zpět", "vlastně ne",
    "nee wacht", "nee, wacht", "nein warte", "nein, warte", "warte", "non attends",
    "non, attends", "no espera", "no, espera", "não, espera", "no aspetta", "no, aspetta",
    "nie, czekaj", "nie czekaj", "нет, стоп", "hayır dur", "いや待って", "等等",
)

# Words that turn a clause round ("don't approve", "not yet").
NEGATIONS: tuple[str, ...] = (
    "not", "never", "don't", "do not", "doesn't", "does not", "won't", "will not",
    "wouldn't", "would not", "shouldn't", "should not", "can't", "cannot", "isn't",
    "aren't", "no need to", "not yet", "hold off", "yet", "wouldn't call", "can't see",
    "not really", "no", "until", "before", "nicht", "kein", "pas", "ne", "jamais",
    "nunca", "não", "non", "niet", "nie", "не", "别", "不要", "没有", "ない",
)

# Words of judgement (`core.evaluation`): a comment that names no decision but judges the
# pitch leans one way, and is read back, never acted on. A trailing `*` is a stem
# (`necessar*`: necessary, necessarily); an entry in a script without spaces is matched
# where it stands. Thanks and courtesy judge nothing and are not here.
JUDGE_GOOD: tuple[str, ...] = (
    "good*", "great*", "nice*", "fine", "positive", "excellent", "awesome", "perfect*", "lov*",
    "like it", "like this", "like that", "like the idea", "i like", "we like", "fan",
    "i support", "we support", "support this", "support it", "supportive", "agree*", "happy",
    "glad", "sensible", "reasonable", "solid", "useful", "valuable", "worth*", "interest",
    "necessar*", "needed", "important", "ready", "sgtm", "lgtm", "+1",
    "on board", "onboard", "in favor", "in favour", "keen", "excited", "cool", "neat",
    "brilliant", "makes sense", "make sense", "right call", "right thing", "go for it",
    "let's do", "lets do", "do it", "ship*", "proceed", "move forward",
    "yes", "yeah", "yep", "yup", "ok", "okay", "alright", "thumbs up", "green light",
    "👍", "🚀", "✅", "✔", "💯", "👏", "🙌", "👌", "🆗",
    # de, fr, es, pt, it, nl, pl, ru, zh, ja, ko
    "gut*", "prima", "super", "toll", "sinnvoll", "passt", "einverstanden", "bien", "buen*",
    "bom", "boa", "ótim*", "genial", "bene", "buon*", "ottim*", "bon", "bonne", "génial",
    "parfait", "d'accord", "convaincu", "convainc*", "convinc*", "convenc*", "bem", "goed",
    "dobr*", "świetn*", "хорош*", "отлично",
    "согласен", "согласна", "нравит*", "count me in", "不错", "很好", "可以", "赞成", "同意",
    "良い", "いい", "賛成", "좋아",
    "좋다", "좋습니다",
    # reluctant yes ("I could live with this", "I wouldn't say no to it")
    "could live with", "can live with", "wouldn't say no", "won't say no", "no complaints",
    # tr, ja, zh: "good idea", "keen", "looks good" as people soften them
    "iyi", "güzel", "harika", "olur", "乗り気", "良さそう", "よさそう", "いいですね", "好主意",
    "挺好", "还行", "行啊",
    "get behind", "works for me", "fine by me", "fine with me",
    "vernünftig", "ça me va", "me va", "uyar", "必要", "必要性",
)
JUDGE_BAD: tuple[str, ...] = (
    "bad", "against", "oppos*", "objection*", "object", "waste*", "expensive", "costly",
    "pricey", "overkill", "pointless", "unnecessar*", "useless", "needless", "nope", "nah",
    "meh", "-1", "dislike", "hate", "too big", "too much", "too costly", "too risky",
    "risky", "premature", "worr*", "concern*", "skip this", "skip it", "drop it",
    "drop this", "i'd drop",
    "close this", "close it", "abandon*", "scrap*", "kill it", "pass on", "no thanks",
    "no way", "thumbs down", "let's not", "lets not", "don't do", "not do this",
    "👎", "❌", "✖", "🙅", "🛑", "⛔",
    "count me out", "un no", "es un no", "ein nein", "c'est non", "schlecht", "teuer",
    "unnötig", "dagegen", "nein", "demasiad*", "смысл*", "没必要",
    "不必要", "mauvais", "cher", "inutile", "malo", "mala",
    "caro", "innecesari*", "ruim", "cattiv*", "costos*", "inutil*", "zły", "złe", "drogie",
    "плохо", "дорого", "不好", "太贵", "不行", "不要", "やめ", "ダメ", "だめ", "反対", "싫",
    # soft refusals: a dislike, a doubt of the need, a preference for other work
    "don't like", "don't really like", "didn't like", "not keen", "sceptical", "skeptical",
    "skeptisch", "sceptisch", "not convinced", "not sold", "don't see the point",
    "don't see the value", "don't see why", "not a priority", "solution looking for a problem",
    "solution in search of a problem", "looking for a problem", "i'd rather we",
    "would rather we", "rather spend", "rather we spent", "better spent", "rather focus",
    "nicht überzeugt", "niet overtuigd", "eher nicht", "lieber nicht", "liever niet",
    "no me convence", "pas convaincu", "non mi convince", "olmaz", "gerek yok", "gereksiz",
    "見送", "優先度が低い", "気が進まない", "微妙", "必要ない", "必要なし", "不要", "不需要",
    "不值得", "先不做", "暂缓", "优先级低", "优先级不高",
    "überzeugt mich nicht", "nicht mein ding", "niet zo enthousiast", "niet enthousiast",
    "nut er niet van", "bana uymaz", "不太需要", "没什么必要",
    "i'd prefer we", "would prefer we", "better use of", "bigger fish to fry",
    "don't need", "don't really need", "don't think we need", "do we even need",
    "more pressing", "not the right time", "wrong time", "a nice to have",
    "only nice to have", "low priority",
)
# The words of `JUDGE_GOOD` too everyday to judge the pitch inside a longer remark ("The
# risks section is honest, good"): they count in a short comment, or beside a word
# that names the pitch (`JUDGE_PITCH`).
JUDGE_WEAK: tuple[str, ...] = (
    "good*", "great*", "nice*", "fine", "ok", "okay", "cool", "neat", "solid", "ready",
    "yes", "yeah", "yep", "yup", "alright", "bien", "bem", "bon", "bonne", "gut*", "buen*",
    "buon*", "goed",
)
JUDGE_PITCH: tuple[str, ...] = (
    "this", "it", "pitch", "plan", "sprint", "idea", "proposal", "scope", "me", "us",
    "das", "ça", "esto", "isso", "questo", "dit", "to", "это",
)
# Doubts that say the writer has not decided (`core.words` replies to them even with no
# decision word: "Could go either way on this one"); "maybe" and "might" alone do not.
UNDECIDED: tuple[str, ...] = (
    "could go either way", "not a hill", "not sure", "unsure", "undecided", "torn",
    "on the fence", "not convinced", "no strong opinion", "hard to say", "not 100% sure",
    "not entirely sure", "not really sure", "not yet decided", "leaning", "inclined",
    "before deciding", "before we decide", "before i decide", "before making a decision",
    "before we commit", "before committing",
    "pas encore", "pas sûr", "no sé", "não sei", "non so", "weiß nicht", "nie wiem",
    "не знаю", "不确定", "emin değilim", "emin değiliz", "bilmiyorum", "kararsızım",
    "nie jestem pewna", "nie jestem pewny", "nie jestem pewien", "inte säker",
    "inte helt säker", "ikke sikker", "niet zeker", "nicht sicher", "nicht ganz sicher",
    "не уверен", "わからない", "不太确定",
)

# Words that turn the word of judgement just after them round ("not worth a sprint").
JUDGE_NEGATIONS: tuple[str, ...] = (
    "not", "no", "never", "hardly", "barely", "nicht", "kein", "keine", "pas", "ne",
    "nunca", "não", "nie", "не", "non", "niet", "geen", "keinen", "nada",
)

# Verbs (and their participles) that decide, as stems, wherever they stand in the
# writer's own sentence ("I'm signing off on this pitch", "Ich lehne den Pitch ab",
# "却下します"): `core.words` acts on one when nothing turns it round or holds it back.
DECIDE_VERBS_APPROVE: tuple[str, ...] = (
    "approv*", "accept", "accepted", "accepting", "accepte", "acceptée", "sign off",
    "signing off", "signed off", "signs off", "greenlight*", "green-light*",
    "genehmig*", "freigegeben", "freigeben", "gebe frei", "zustimm*", "akzeptier*",
    "angenommen", "approuv*", "j'accepte", "valide", "validé", "validée", "aprob*",
    "aprueb*", "acept*", "aprov*", "aceit*", "accett*", "goedgekeurd", "goedkeur*",
    "zatwierdz*", "akceptuj*", "одобр*", "принима*", "принят*", "批准", "通过", "承認",
    "承諾", "승인", "onay*", "kabul", "annehm*", "nehme", "godkänn*", "godkän*", "schval*",
    "찬성",
)
DECIDE_VERBS_REFUSE: tuple[str, ...] = (
    "reject*", "declin*", "turn down", "turning down", "turned down", "nack",
    "veto*", "denied", "deny", "abgelehnt", "ablehn*", "lehne", "rejet*", "rejett*",
    "refus*", "rechaz*", "rejeit*", "recus*", "respin*", "rifiut*", "afgewezen",
    "afwijz*", "wijs", "decided against", "decide against", "odrzuc*", "отклон*", "отказ*",
    "redded*", "reddet*", "zamít*",
    "avslå*", "拒绝", "驳回",
    "否决", "却下",
    "拒否", "不採用", "거절", "반려",
)
# German and Dutch verbs that decide with a particle at the sentence's end (`Ich gebe das
# frei`, `Ik keur dit goed`): (the verb as written, its particle, its side).
SEPARABLE_VERBS: tuple[tuple[str, str, bool], ...] = (
    ("gebe", "frei", True), ("geben", "frei", True), ("stimme", "zu", True),
    ("stimmen", "zu", True), ("nehme", "an", True), ("nehmen", "an", True),
    ("lehne", "ab", False), ("lehnen", "ab", False), ("keur", "goed", True),
    ("keuren", "goed", True), ("wijs", "af", False), ("wijzen", "af", False),
)
# Negations that follow the verb they turn round, in German, Dutch and the Nordic
# languages (`Ich genehmige das nicht`, `Jag godkänner inte detta`).
NEGATIONS_AFTER: tuple[str, ...] = ("nicht", "niet", "inte", "ikke", "ikkje", "ei")
# The stems of `DECIDE_VERBS_*` that Turkish negates in a suffix (`onaylamıyorum`,
# `kabul etmiyorum`): `core.evaluation` reads the suffix.
SUFFIX_NEGATED: frozenset[str] = frozenset({"onay*", "kabul", "redded*", "reddet*"})

# Words a decision stem must not be read in: nouns and adjectives of the same family.
NOT_DECIDE_VERBS: tuple[str, ...] = (
    "acceptance", "acceptable", "approval", "approvals", "approver", "approvers",
    "rejection", "rejections", "decline", "valider",
    # English words a slip of one key from a decision word would be taken for
    "accent", "accents", "accented", "accede", "acceded", "accost", "adept", "adapt",
    "adopt", "adopted", "adapted", "aspect", "except", "expect", "expected", "eject",
    "deject", "defect", "detect", "reflect", "respect", "redirect", "relect", "acceptor",
    "accepter", "rejecter", "rejector", "acceptee", "approach", "approx",
    # …and two letters from the long ones ("ok decided: b a b" is not "declined")
    "decided", "declared", "defined", "refined", "reflected", "repeated", "reflecting",
    "repeating", "approached", "approaches", "deciding", "decides", "deleted", "detected",
    "defected", "rejoined", "rejoiced", "redirected", "respected", "expected", "excepted",
)

# The words engineers use for an option in infrastructure talk instead of its own: a
# product, a tool or the everyday name of the thing ("the MinIO bucket" for S3-compatible
# object storage, "sidekiq" for a worker queue, "in the DB" for the server, "client-side"
# for the browser). Each row: the headwords an option's text may be made of, then the
# words of their kind. An answer reader meets a kin word with every option whose own
# words include a headword of its row; a kin word that meets two options of one question
# names neither. Lower case; a phrase matches as whole words.
OPTION_KIN: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("s3", "object", "objects", "blob", "blobs", "bucket", "buckets", "cloud"),
     ("bucket", "buckets", "minio", "blob store", "blob storage", "blobstore", "object store",
      "gcs", "google cloud storage", "r2", "cloudflare r2", "azure blob", "azure blobs",
      "backblaze", "b2", "wasabi", "ceph", "cloud storage", "digitalocean spaces",
      "amazon s3", "s3 bucket", "seaweedfs")),
    (("disk", "disks", "filesystem", "drive", "volume", "local"),
     ("on the box", "the box itself", "filesystem", "file system", "local fs", "local dir",
      "local directory", "local folder", "volume", "a volume",
      "mounted volume", "docker volume", "persistent volume", "pvc", "hard drive", "ssd",
      "on the server's drive", "on disk", "the fs", "plain files", "flat files")),
    (("queue", "queues", "worker", "workers", "background", "async"),
     ("sidekiq", "celery", "resque", "bull", "bullmq", "rq", "job queue", "task queue",
      "background jobs", "background job", "background task", "background tasks",
      "async jobs", "async job", "async tasks", "message queue", "rabbitmq", "sqs",
      "delayed job", "delayed jobs", "oban", "hangfire", "faktory", "good_job",
      "dramatiq", "huey", "a job per", "job runner")),
    (("cron", "nightly", "scheduled", "schedule", "daily", "periodic", "timer"),
     ("crontab", "cronjob", "cronjobs", "cron job", "scheduled job", "scheduled task",
      "scheduled tasks", "systemd timer", "systemd timers", "k8s cronjob", "kubernetes cronjob",
      "scheduler", "periodic task", "periodic job", "batch job", "nightly batch",
      "nightly sweep", "nightly job", "nightly run", "once a night", "every night",
      "daily job", "a sweep", "sweep job")),
    (("server", "servers", "backend", "database", "db", "remote"),
     ("backend", "back end", "back-end", "server side", "server-side", "db", "the db",
      "database", "the database", "postgres", "postgresql", "mysql", "mariadb", "our db",
      "our database", "the api", "redis", "user table", "users table", "profile table",
      "in the account", "on the account", "per account")),
    (("browser", "localstorage", "client", "device", "cookie", "cookies"),
     ("client-side", "client side", "clientside", "in the browser", "browser", "indexeddb",
      "indexed db", "cookies", "a cookie", "cookie", "local storage", "localstorage",
      "sessionstorage", "on the device", "on device", "frontend", "front end", "front-end",
      "the client", "web storage")),
    (("json", "export", "exported", "exportable", "download", "file"),
     ("download", "downloadable", "json dump", "a dump", "export button", "export file",
      "as a file", "export them", "let them download", "takeout", "backup file")),
    (("uploader", "admins", "admin", "owner", "private"),
     ("private", "owner only", "owner-only", "only the owner", "just the owner",
      "the owner", "just the uploader", "uploader", "restricted", "locked down",
      "need to know", "only me", "admins only", "admin only")),
    (("everyone", "anyone", "all", "public", "shared", "note"),
     ("public", "anyone with access", "whoever can see the note", "same as the note",
      "anyone who can see the note", "all readers", "everybody", "inherit", "inherits",
      "inherited", "note's permissions", "note permissions", "follow the note")),
    # Beyond the vision at hand: the infrastructure words any option is written in.
    (("cache", "caching", "cached"), ("redis", "memcached", "memcache", "varnish", "an lru")),
    (("email", "mail", "emails"), ("smtp", "sendgrid", "mailgun", "ses", "postmark", "mailer")),
    (("search", "index", "indexing"), ("elasticsearch", "elastic", "opensearch", "solr",
                                        "meilisearch", "typesense", "full-text", "fts")),
    (("container", "containers", "docker"), ("docker", "podman", "oci image", "k8s",
                                             "kubernetes", "helm")),
    (("cdn", "edge"), ("cloudfront", "fastly", "cloudflare", "akamai", "bunny")),
    (("sso", "oauth", "login"), ("saml", "oidc", "openid", "keycloak", "okta", "auth0",
                                 "google login", "github login")),
    (("webhook", "webhooks", "push", "callback"), ("callback url", "a hook", "hooks",
                                                     "push events")),
    (("polling", "poll", "pull"), ("every minute", "every few minutes", "periodically",
                                   "on a loop", "a loop")),
    (("sql", "relational", "postgres", "postgresql", "mysql", "sqlite"),
     ("postgres", "postgresql", "mysql", "mariadb", "sqlite", "pg", "rds", "aurora")),
    (("nosql", "document", "mongo", "mongodb"), ("mongo", "mongodb", "dynamodb", "couchdb",
                                                  "firestore", "document store")),
)
