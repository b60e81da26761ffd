"""The common words option texts are made of, in the languages of the field's users. Pure.

An option is written in English by whoever wrote the vision ("On the local disk", "A
nightly cron job", "Only the uploader and admins"); its answer may come in German,
Spanish, Russian or Japanese, in the option's own words ("lokal auf der Platte",
"la cola de workers", "экспорт не нужен", "毎晩のcron"). `glosses` reads such words as
the English headwords they mean, so the answer reader can meet them with the options'
distinctive words as it meets English ones.

The table is of common software and everyday words, the ones any option text is made
of, not of any one comment's phrasing. A line is `headword[,headword…] | lang forms… |
…`. A form ending in `*` is a stem (German, Slavic and Romance words inflect: `speicher*`,
`сервер*`); `_` joins the words of a phrase (`segundo_plano`, `tout_le_monde`). Chinese and
Japanese forms are found where they stand in unspaced text; a Korean form is the start
of a word (particles attach: `서버에`), or anywhere in it when written `~마다`.

Three headwords carry the grammar of refusal: `not` (a negation of that language),
`none` (`kein`, `sin`, `без`, `なし`: none of what stands beside it) and `unneeded`
(`unnötig`, `不需要`, `いらない`). Accents may be dropped as people type (`subio`,
`nachtlich`): a form of four letters or more also stands without them.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

_TABLE = """
storage | de speicherung* speicherplatz speicher ablage | fr stockage | es almacenamiento
  | pt armazenamento | it archiviazione | nl opslag | pl przechowywani* magazyn*
  | ru хранилищ* хранени* | tr depolama | zh 存储 储存 存儲 | ja ストレージ 保存先 | ko 스토리지
  저장소
store,save | de speichern speichert gespeichert ablegen abgelegt lagern | fr stocker stocke stockez
  stockons stockent
  stocké* sauvegarder enregistrer enregistré* conserver garder gardons gardez
  | es guardar guardamos guardad guardadlas guardadlos guardarlos guardarlas guardado*
  almacenar almacenad* almacenamos | pt armazenar armazenad* guardar guardamos salvar
  | it salvare salvati salvato memorizzare memorizzat* conservare | nl opslaan opgeslagen bewaren
  bewaard | pl przechowywać przechowuj* zapisać zapisywać | ru храним хранить хранятся хранит*
  храни сохранять сохраним сохраня* | tr sakla* kaydet* depola* | zh 保存 存放 存到 存在服务器
  | ja 保存 格納 置く 置いて | ko 저장
disk | de platte platten festplatte* datenträger | fr disque* | es disco discos | pt disco discos
  | it disco dischi | nl schijf harde_schijf | pl dysk* | ru диск* | tr disk* diskte | zh 磁盘 硬盘
  | ja ディスク | ko 디스크
local | de lokal lokale* lokaler lokalem | fr local locale locaux localement | es local locales
  localmente | pt local locais localmente | it locale locali localmente | nl lokaal lokale
  | pl lokaln* | ru локальн* локально | tr yerel yerelde lokal | zh 本地 | ja ローカル | ko 로컬
localstorage,local,storage | ja ローカルストレージ | ko 로컬스토리지 로컬_스토리지 | zh 本地存储
server | en backend back_end | de server servern serverseit* | fr serveur* | es servidor*
  | pt servidor*
  | it server | nl server | pl serwer* | ru сервер* | tr sunucu* | zh 服务器 服务端 | ja サーバー
  サーバ
  サーバ側 | ko 서버
backend,server | zh 后端 | ja バックエンド | ko 백엔드
browser | de browser | fr navigateur* | es navegador* | pt navegador* | it browser
  | pl przeglądar* | ru браузер* | tr tarayıcı* | zh 浏览器 | ja ブラウザ ブラウザー | ko 브라우저
cloud | de cloud | fr nuage | es nube | pt nuvem | it nuvola | pl chmur* | ru облак* | tr bulut*
  | zh 云端 云上 | ja クラウド | ko 클라우드
object | de objekt* | fr objet* | es objeto* | pt objeto* objecto* | it oggett* | nl objecten
  | pl obiekt* | ru объект* | tr nesne* obje* | zh 对象 | ja オブジェクト | ko 객체 오브젝트
database | de datenbank* | fr base_de_données base_de_donnees bdd | es base_de_datos
  | pt banco_de_dados base_de_dados | it base_di_dati | nl databank* | pl baza_danych bazie_danych
  bazy_danych bazę_danych | ru баз*_данных бд | tr veritabanı* | zh 数据库 | ja データベース
  | ko 데이터베이스
cache | de zwischenspeicher* | fr cache | es caché | ru кэш* кеш* | tr önbellek* | zh 缓存
  | ja キャッシュ | ko 캐시
memory | de arbeitsspeicher* | fr mémoire | es memoria | pt memória | it memoria | nl geheugen
  | pl pamięć pamięci | ru памят* | tr bellek* | zh 内存 | ja メモリ | ko 메모리
file | de datei dateien | fr fichier* | es archivo* fichero* | pt arquivo* ficheiro* | nl bestand*
  | pl plik* | ru файл* | tr dosya* | zh 文件 | ja ファイル | ko 파일
folder | de ordner* verzeichnis* | fr dossier* répertoire* | es carpeta* directorio* | pt pasta*
  diretório* | it cartella* | nl folder* | pl katalog* folder* | ru папк* каталог* | tr klasör*
  | zh 文件夹 目录 | ja フォルダ ディレクトリ | ko 폴더 디렉터리
attachment | de anhang anhänge* dateianh* | fr pièce_jointe pièces_jointes | es adjunto* | pt
  anexo*
  | it allegat* | nl bijlage* | pl załącznik* | ru вложени* | tr ek eki ekler ekleri ekte
  | zh 附件 | ja 添付 | ko 첨부
upload | de hochlad* hochgelad* hochgeladen* | fr envoi envoyé* téléverse* téléversé*
  | es subió subido* subida* subir subirlo sube suben cargó | pt carregou carregad* enviou
  enviad* | it caricat* caricare | nl geüpload* | pl przesłał* wgrał* wgran* przesłan*
  | ru загрузил* загружен* загружа* | tr yükle* | zh 上传 | ja アップロード | ko 업로드 올린
download | de herunterlad* heruntergelad* | fr télécharg* | es descarg* | pt baixar baixad*
  | it scaricat* scaricare | pl pobier* pobran* | ru скача* скачив* | tr indir* | zh 下载
  | ja ダウンロード | ko 다운로드
author | de autor* verfasser* | fr auteur* | es autor* | pt autor* | it autore autori
  | nl auteur* | pl autor* | ru автор* | tr yazar* | zh 作者 | ja 作成者 著者 投稿者 | ko 작성자
owner | de besitzer* eigentümer* inhaber* | fr propriétaire* | es dueño* propietario*
  | pt dono donos proprietário* | it proprietari* | nl eigenaar* | pl właściciel* | ru владел*
  | tr sahib* sahip* | zh 所有者 拥有者 | ja 所有者 オーナー | ko 소유자
admin | de admin* administrator* | fr admin* administrateur* | es admin* administrador*
  | pt admin* administrador* | it admin* amministrator* | nl beheerder* | pl administrator*
  | ru админ* администратор* | tr yönetici* | zh 管理员 | ja 管理者 | ko 관리자
user | de benutzer* nutzer* anwender* | fr utilisateur* | es usuario* | pt usuário* utilizador*
  | it utent* | nl gebruiker* | pl użytkownik* | ru пользовател* юзер* | tr kullanıcı* | zh 用户
  | ja ユーザー ユーザ 利用者 | ko 사용자 유저
member | de mitglied* | fr membre* | es miembro* | pt membro* | it membri membro | nl leden
  | pl członk* | ru участник* | tr üye* | zh 成员 | ja メンバー | ko 멤버
team | de mannschaft | fr équipe* | es equipo* | pt equipe* equipa* | it squadra | pl zespół
  zespoł* | ru команд* | tr ekip* takım* | zh 团队 | ja チーム | ko 팀
group | de gruppe* | fr groupe* | es grupo* | pt grupo* | it gruppo* gruppi | nl groep*
  | pl grupa grupy grupie | ru групп* | tr grup* | zh 群组 分组 | ja グループ | ko 그룹
person | de person personen leute | fr personne personnes | es persona personas gente | pt pessoa*
  | it persona persone | nl mensen | pl osob* | ru люд* человек* | tr kişi* insan* | zh 的人 用户们
  | ja 人たち | ko 사람
everyone | de jedermann alle_die jeder_der | fr tout_le_monde tous_ceux tous_les_gens
  | es todo_el_mundo todos_los_que todos_quienes | pt todo_mundo todos_os_que todos_que
  | it tutti_quelli tutti_coloro | nl iedereen | pl wszyscy wszystkim każdy_kto | ru все_кто
  всем_кто всех_кто | tr herkes* | zh 所有人 大家 每个人 | ja 全員 みんな 皆 | ko 모두 모든_사람
anyone | de irgendjemand | fr quiconque n_importe_qui | es cualquiera | pt qualquer_um
  qualquer_pessoa | it chiunque | pl ktokolwiek | ru кто_угодно | zh 任何人 | ja 誰でも | ko 누구나
  아무나
all | de alle alles | fr tous toutes | es todos todas | pt todos todas tudo | it tutti tutte tutto
  | nl alles | pl wszystk* | ru все всё всех | tr tüm tümü hepsi bütün | zh 所有 全部 | ja 全部
  すべて 全て | ko 모든 전부
only | de nur lediglich ausschließlich | fr seulement uniquement | es sólo solamente únicamente
  | pt somente apenas | it soltanto solamente | nl alleen uitsluitend | pl tylko jedynie | ru
  только
  лишь | tr sadece yalnızca | zh 只有 仅 只让 只给 只能 | ja だけ のみ | ko 오직
see | en access* | de sehen sieht sehe gesehen | fr voir voient vu | es ver ven vean
  pueden_ver | pt ver veem vejam | it vedere vedono vede | nl zien ziet | pl widzieć
  widzi widzą | ru видеть видит видят видно | tr gör* | zh 看到 看见 查看 看得到 | ja 見える
  見られる 閲覧 見れる 見る | ko 볼_수 보
visible,see | en visibility | de sichtbar* sichtbarkeit | fr visible* visibilité | es visible*
  visibilidad | pt visível visíveis visibilidade | it visibil* | nl zichtbaar* | pl widoczn*
  | ru видим* | tr görünür* | zh 可见 可见性 | ja 可視性 公開範囲 | ko 가시성 보이
read | de lesen liest gelesen | fr lire lisent | es leer leen | pt ler leem | it leggere leggono
  | nl lezen leest | pl czyta* | ru чита* | tr okuya* okur | zh 阅读 读取 | ja 読む 読み取り
  | ko 읽
write | de schreiben schreibt | fr écrire écrivent | es escribir escriben | pt escrever escrevem
  | it scrivere scrivono | nl schrijven schrijft | pl pisać pisze | ru писать пишет | tr yazar
  yazabil*
  | zh 写入 | ja 書く 書き込み | ko 쓰기
edit | de bearbeit* | fr modifier éditer | es editar edita* | pt editar edita* | it modificare
  | nl bewerk* | pl edytow* | ru редактир* | tr düzenle* | zh 编辑 | ja 編集 | ko 편집
delete | de löschen lösch* gelöscht* | fr supprim* effac* | es borrar borra* elimina* | pt apagar
  apaga* excluir excluí* | it cancella* elimina* | nl verwijder* | pl usuwa* usunię* | ru удал*
  | tr silin* silme* silmek | zh 删除 删掉 | ja 削除 | ko 삭제
clean | de aufräum* aufgeräumt* bereinig* säuber* | fr nettoy* | es limpi* | pt limpar limpeza*
  limpa | it pulizi* pulire | nl opruim* opschon* | pl czyszcz* sprząt* | ru очист* очищ* чистк*
  | tr temizl* temizlik* | zh 清理 清除 | ja 掃除 クリーンアップ 片付け | ko 정리 청소
expire | de ablauf* abgelaufen* verfall* | fr expir* | es expira* caducad* vencid* | pt expira*
  vencid* | it scadut* scadenz* | nl verlop* | pl wygas* przeterminow* | ru истек* истёк*
  просроч* | tr süresi_dol* | zh 过期 到期 | ja 期限切れ 有効期限 | ko 만료
note | de notiz* | fr note notes | es nota notas | pt nota notas | it nota note | nl notitie*
  | pl notatk* notatce | ru заметк* заметок заметке | tr notu notun notlar* notta | zh 笔记 便签
  | ja ノート メモ | ko 노트 메모
page | de seite seiten | fr page | es página* | pt página* | it pagina* | nl pagina*
  | pl strona strony stronie stronę | ru страниц* | tr sayfa* | zh 页面 | ja ページ | ko 페이지
email | de mail | fr courriel* | es correo* | pt correio* | it posta | pl mail* | ru почт*
  письм* | tr e_posta | zh 邮件 邮箱 | ja メール | ko 이메일 메일
notification | de benachrichtigung* | fr notification* | es notificaci* aviso* | pt notificaç*
  | it notific* | nl melding* | pl powiadom* | ru уведомлени* | tr bildirim* | zh 通知 | ja 通知
  | ko 알림
queue | de warteschlange* | fr file_d_attente files_d_attente file_de files_de | es cola colas
  | pt fila filas
  | it coda | nl wachtrij* | pl kolejk* | ru очеред* | tr kuyruk* | zh 队列 | ja キュー | ko 큐
  대기열
worker | fr travailleur* | es trabajador* | ru воркер* | zh 工作进程 | ja ワーカー | ko 워커
background | de hintergrund* | fr arrière_plan arrière_plans | es segundo_plano | pt segundo_plano
  | it sfondo | nl achtergrond* | pl w_tle | ru фонов* в_фоне | tr arka_plan* arkaplan* | zh 后台
  | ja バックグラウンド 裏で | ko 백그라운드
job | de job* | fr tâche* | es tarea* trabajo* | pt tarefa* trabalho* | it lavoro processo
  | nl taak | pl zadani* | ru задач* задани* джоб* | tr görev* | zh 任务 作业 | ja ジョブ
  タスク | ko 작업
cron,job | any cronjob* cron_job* | zh 定时任务 | ja 定期ジョブ | ko 크론
scheduled | de geplant* zeitgesteuert* | fr planifi* programmé* | es programad* | pt agendad*
  programad* | it pianificat* programmato programmata programmati | nl gepland* | pl zaplanowan* |
  ru планировщик*
  по_расписанию | tr zamanlanmış* | zh 定时 计划任务 | ja 定期 スケジュール | ko 예약 스케줄
night,nightly | de nächtlich* nachts jede_nacht | fr nocturne* chaque_nuit toutes_les_nuits la_nuit
  | es nocturno* nocturna* cada_noche por_la_noche | pt noturno* noturna* toda_noite
  todas_as_noites | it notturn* ogni_notte | nl nachtelijk* elke_nacht | pl nocn* co_noc
  | ru ночн* ночью каждую_ночь | tr gece gecelik gece_yarısı | zh 每晚 每天晚上 夜间 | ja 毎晩 夜間
  夜中
  | ko 야간 매일_밤
daily,day | de täglich* jeden_tag | fr quotidien* chaque_jour tous_les_jours | es diario diaria
  diariamente cada_día | pt diári* diariamente todo_dia todos_os_dias | it giornalier* quotidian*
  ogni_giorno | nl dagelijks* elke_dag | pl codzienn* | ru ежедневн* каждый_день | tr günlük
  her_gün
  | zh 每天 每日 | ja 毎日 | ko 매일
once,day,daily | de einmal_am_tag einmal_täglich einmal_pro_tag | fr une_fois_par_jour
  | es una_vez_al_día una_vez_por_día | pt uma_vez_por_dia uma_vez_ao_dia
  | it una_volta_al_giorno | nl een_keer_per_dag eenmaal_per_dag | pl raz_dziennie raz_na_dzień
  | ru раз_в_день один_раз_в_день | tr günde_bir | zh 一天一次 每天一次 | ja 一日一回 1日1回
  | ko 하루에_한_번 하루_한_번
weekly | de wöchentlich* | fr hebdomadaire* chaque_semaine | es semanal* | pt semanal*
  | it settimanal* | nl wekelijks | pl tygodniow* | ru еженедельн* | tr haftalık | zh 每周
  | ja 毎週 | ko 매주
hourly | de stündlich* | fr chaque_heure toutes_les_heures | es cada_hora | pt a_cada_hora
  | it ogni_ora | nl elk_uur | pl co_godzinę | ru ежечасн* каждый_час | tr saatlik her_saat
  | zh 每小时 | ja 毎時 | ko 매시간
every | de jede jeden jeder jedes jedem | fr chaque | es cada | pt cada | it ogni | nl elke ieder
  | pl każd* | ru кажд* | zh 每次 每个 | ja 毎回 たびに ごとに | ko 매번 ~마다
change | de änderung* ändern geändert | fr changement* modification* | es cambio* | pt mudança*
  alteraç* | it modific* cambiament* | nl wijziging* verandering* | pl zmian* | ru изменени*
  | tr değişiklik* değişim* | zh 更改 修改 变更 改动 变化 | ja 変更 | ko 변경
sync | de synchronisier* abgleich* | fr synchronis* | es sincroniz* | pt sincroniz*
  | it sincronizz* | nl synchronis* | pl synchroniz* | ru синхрониз* | tr senkron* eşitle*
  | zh 同步 | ja 同期 | ko 동기화
export | en download* | de export* exportier* | fr export* | es export* | pt export*
  | it esport* | nl export* exporteer* | pl eksport* | ru экспорт* выгруз* | tr
  dışa_aktar* | zh 导出 | ja エクスポート 書き出し | ko 내보내
import | de importieren importiert | fr importer importé* | es importar importación | pt importar
  importação | it importare | nl importeren | pl importować | ru импорт* | tr içe_aktar* | zh 导入
  | ja インポート | ko 가져오기
settings | de einstellung* | fr paramètre* réglage* | es configuraci* ajustes | pt configuraç*
  ajustes | it impostazion* | nl instelling* | pl ustawie* | ru настройк* | tr ayar* | zh 设置 配置
  | ja 設定 | ko 설정
access,permission | de zugriff* berechtigung* | fr accès permission* droits | es acceso permiso*
  | pt acesso permiss* | it accesso permess* | nl toegang rechten | pl dostęp* uprawnie*
  | ru доступ* права | tr erişim* izin* | zh 访问 权限 | ja アクセス 権限 | ko 접근 권한
private | de privat* | fr privé* | es privad* | pt privad* | it privat* | nl privé | pl prywatn*
  | ru приватн* личн* | tr özel | zh 私有 私人 | ja 非公開 プライベート | ko 비공개
public | de öffentlich* | fr publique* | es públic* | pt públic* | it pubblic* | nl openbaar*
  | pl publiczn* | ru публичн* общедоступ* | tr herkese_açık | zh 公开 公共 | ja 公開 | ko 공개
shared,share | de geteilt* teilen | fr partag* | es compartid* compartir | pt compartilh*
  | it condivis* | nl gedeeld* delen | pl udostępni* | ru общи* расшар* | tr paylaş* | zh 共享 分享
  | ja 共有 | ko 공유
backup | de sicherung* | fr sauvegarde* | es copia_de_seguridad respaldo* | pt cópia_de_segurança
  | it backup | pl kopia_zapasowa kopii_zapasowej | ru резервн* бэкап* | tr yedek* | zh 备份
  | ja バックアップ | ko 백업
search | de suche suchen | fr recherche* | es búsqueda* buscar | pt pesquisa* | it ricerca*
  | nl zoek* | pl wyszuk* | ru поиск* | tr arama* | zh 搜索 | ja 検索 | ko 검색
image | de bild bilder | fr image* | es imagen* | pt imagem* | it immagin* | nl afbeelding*
  | pl obraz* | ru изображени* картинк* | tr resim* görsel* | zh 图片 图像 | ja 画像 | ko 이미지
preview,thumbnail | de vorschau* | fr aperçu* miniature* | es vista_previa miniatura*
  | pt miniatura* | it anteprima* | nl voorbeeld* | pl podgląd* miniatur* | ru превью миниатюр*
  | tr önizleme* | zh 预览 缩略图 | ja プレビュー サムネイル | ko 미리보기 썸네일
automatic | de automatisch* | fr automatique* | es automátic* | pt automátic* | it automatic*
  | nl automatisch* | pl automatyczn* | ru автоматическ* автоматом | tr otomatik* | zh 自动
  | ja 自動 | ko 자동
manual | de manuell* | fr manuel* manuellement | es manual* | pt manual* | it manuale*
  | nl handmatig* | pl ręczn* | ru вручную ручн* | tr manuel* | zh 手动 | ja 手動 | ko 수동
immediately,realtime | de sofort | fr immédiatement | es inmediatamente al_instante | pt
  imediatamente
  | it subito immediatamente | nl meteen | pl natychmiast | ru сразу немедленно | tr hemen anında
  | zh 立即 马上 实时 | ja すぐ 即時 リアルタイム | ko 즉시 실시간
later | de später | fr plus_tard | es más_tarde luego | pt mais_tarde depois | it più_tardi dopo
  | nl later | pl później | ru позже потом | tr sonra | zh 以后 稍后 | ja 後で 後から | ko 나중
now | de jetzt | fr maintenant | es ahora | pt agora | it adesso | nl nu | pl teraz | ru сейчас
  | tr şimdi | zh 现在 | ja 今は | ko 지금
version | de version* | fr version* | es versión* | pt versão* | it versione* | nl versie*
  | pl wersj* | ru верси* | tr sürüm* | zh 版本 | ja バージョン | ko 버전
history | de verlauf historie | fr historique | es historial | pt histórico | it cronologia
  | nl geschiedenis | pl historia historii | ru истори* | tr geçmiş | zh 历史 | ja 履歴 | ko 기록
link | de verknüpfung* | fr lien* | es enlace* | pt ligação | it collegament* | nl koppeling*
  | ru ссылк* | tr bağlantı* | zh 链接 | ja リンク | ko 링크
account | de konto* | fr compte* | es cuenta* | pt conta | it account | pl konto* | ru аккаунт*
  учётн* учетн* | tr hesap* hesab* | zh 账户 账号 | ja アカウント | ko 계정
password | de passwort* kennwort* | fr mot_de_passe | es contraseña* | pt senha* | nl wachtwoord*
  | pl hasł* | ru парол* | tr şifre* | zh 密码 | ja パスワード | ko 비밀번호
login | de anmeldung* anmelden | fr connexion* | es inicio_de_sesión | nl inloggen | pl logowani*
  | ru авториз* | tr giriş* | zh 登录 | ja ログイン | ko 로그인
encrypted,encryption | de verschlüssel* | fr chiffr* | es cifrad* encriptad* | pt criptograf*
  | it crittograf* cifrat* | nl versleutel* | pl szyfrow* | ru шифр* зашифр* | tr şifrele* | zh
  加密
  | ja 暗号化 | ko 암호화
compressed | de komprimier* | fr compress* | es comprimid* | pt comprimid* compactad*
  | it compress* | nl gecomprimeerd* | pl skompres* | ru сжат* сжима* | tr sıkıştır* | zh 压缩
  | ja 圧縮 | ko 압축
limit,size | de größe* grenze* | fr taille* | es tamaño* límite* | pt tamanho* limite* | it
  dimension*
  | nl grootte* limiet* | pl rozmiar* | ru размер* лимит* огранич* | tr boyut* sınır* | zh 大小
  限制
  上限 | ja サイズ 制限 上限 | ko 크기 제한
offline | fr hors_ligne | es sin_conexión | pt sem_conexão | ru офлайн* | tr çevrimdışı | zh 离线
  | ja オフライン | ko 오프라인
online | fr en_ligne | es en_línea | ru онлайн* | tr çevrimiçi | zh 在线 | ja オンライン | ko
  온라인
device | de gerät* | fr appareil* | es dispositivo* | pt dispositivo* | it dispositiv*
  | nl apparaat* | pl urządze* | ru устройств* | tr cihaz* | zh 设备 | ja デバイス 端末 | ko 기기
phone,mobile | fr téléphone* | es móvil* teléfono* celular* | pt celular*
  telemóvel | it cellulare* telefono | nl telefoon* mobiel* | pl telefon* | ru телефон* | tr
  telefon*
  | zh 手机 | ja スマホ 携帯 | ko 휴대폰 모바일
service | de dienst* | fr service* | es servicio* | pt serviço* | it servizio* servizi | nl dienst*
  | pl usług* | ru сервис* служб* | tr hizmet* servis* | zh 服务 | ja サービス | ko 서비스
provider | de anbieter* | fr fournisseur* hébergeur* | es proveedor* | pt provedor* fornecedor*
  | it fornitor* | nl aanbieder* | pl dostawc* | ru провайдер* поставщик* | tr sağlayıcı* | zh
  提供商
  供应商 | ja プロバイダ | ko 제공자
hosted,hosting | de gehostet* | fr hébergé* hébergement* | es alojad* alojamiento* hospedad*
  | pt hospedad* hospedagem | it ospitat* | nl gehost* | pl hostowan* | ru хостинг* размещ*
  | tr barındır* | zh 托管 | ja ホスティング | ko 호스팅
deploy | de bereitstell* deploy* | fr déploi* déploy* | es despleg* despliegue* | pt implant*
  | it rilasci* | nl uitrol* | pl wdroż* | ru деплой* развёрт* разверт* | tr dağıt* | zh 部署
  | ja デプロイ | ko 배포
retry | de wiederhol* | fr réessa* | es reintent* | pt tentar_novamente | it riprov* | nl opnieuw
  | pl ponow* | ru повтор* | tr yeniden_dene* | zh 重试 | ja リトライ 再試行 | ko 재시도
free | de kostenlos* gratis | fr gratuit* | es gratuito* gratis | pt gratuito* grátis | it gratuit*
  | nl gratis | pl darmow* | ru бесплатн* | tr ücretsiz* | zh 免费 | ja 無料 | ko 무료
cost | de kosten | fr coût* | es costo* coste* | pt custo* | it costo costi | nl kosten | pl koszt*
  | ru стоимост* затрат* | tr maliyet* | zh 成本 费用 | ja コスト 費用 | ko 비용
fast | de schnell* | fr rapide* | es rápid* | pt rápid* | it veloc* | nl snel* | pl szybk* | ru
  быстр*
  | tr hızlı* | zh 快速 | ja 速い 高速 | ko 빠른
slow | de langsam* | nl langzaam* | pl woln* | ru медленн* | tr yavaş* | zh 慢 | ja 遅い | ko 느린
simple | de einfach* | es sencill* | pt simples | it semplic* | nl eenvoudig*
  | ru прост* | tr basit* | zh 简单 | ja シンプル 簡単 | ko 간단
security,secure | de sicherheit* | fr sécurité* sécuris* | pt segurança | it sicurezza* | nl
  veilig*
  | pl bezpiecz* | ru безопасн* | tr güvenli* | zh 安全 | ja セキュリティ | ko 보안
default | de standardmäßig* | fr par_défaut | es por_defecto predetermin* | pt padrão | it
  predefinit*
  | nl standaard* | pl domyśln* | ru по_умолчанию | tr varsayılan* | zh 默认 | ja デフォルト 既定
  | ko 기본값
where | de wo | fr où | es dónde donde | pt onde | it dove | nl waar | pl gdzie | ru где | tr
  nerede
  | zh 哪里 哪儿 在哪 | ja どこ | ko 어디
use | de nutzen nutzt verwenden verwende* benutze benutzen | fr utilis* | es usar usamos usemos
  usad* utiliz* | pt usar usamos usem utiliz* | it usare usiamo utilizz* | nl gebruik*
  | pl używ* użyj* | ru использ* | tr kullan* | zh 用 使用 采用 | ja 使う 使用 使い | ko 사용
keep | de behalten behalte* bleiben bleibt | fr garder gardons gardez | es mantener mantengamos
  | pt manter mantém | it tenere teniamo mantenere | nl houden behouden | pl zostaw* zachowa*
  | ru оставить оставим оставь* | tr kalsın tutalım tutsun | zh 保留 | ja 残す | ko 유지
prefer | de bevorzug* lieber | fr préfère* préférons préférence | es prefier* prefer* | pt prefir*
  prefer* | it preferi* preferisco | nl liever voorkeur | pl wolę wolimy preferuj* | ru предпочит*
  предпочёл* лучше | tr tercih* | zh 倾向 更喜欢 宁愿 | ja 好み 方がいい | ko 선호
choose | de wähle* wählen nehmen nehme* | fr choisi* prends prenons | es elij* elegi* escog*
  | pt escolh* | it scegli* scelgo | nl kies kiezen | pl wybier* wybra* | ru выбира* выбер*
  | tr seçi* seçe* | zh 选 选择 | ja 選ぶ 選択 | ko 선택
go | de lass_uns machen_wir | fr allons_y partons_sur on_part_sur | es vamos_con vayamos_con
  | pt vamos_com vamos_de | it andiamo_con | nl gaan_voor laten_we | pl idźmy_z | ru давайте давай
  | tr gidelim | zh 就用 | ja にしましょう で行きましょう | ko 갑시다 하죠
please | de bitte | fr s_il_vous_plaît s_il_te_plaît svp stp | es por_favor porfa | pt por_favor
  | it per_favore | nl alsjeblieft graag | pl proszę | ru пожалуйста | tr lütfen | zh 请 麻烦
  | ja お願い ください | ko 주세요 부탁
enough,fine | de reicht genügt ausreichend passt | fr suffit suffisant* convient | es basta
  suficiente* vale | pt basta suficiente* | it basta sufficiente* va_bene | nl genoeg voldoende
  prima | pl wystarcz* | ru достаточно хватит хватает | tr yeterli* yeter | zh 足够 就够了 就行
  | ja 十分 で十分 大丈夫 | ko 충분
need | de brauch* benötig* nötig* notwendig* erforderlich* bedarf | fr besoin nécessaire*
  | es necesit* necesari* falta hace_falta | pt precis* necessári* | it serve servono bisogno
  necessari* | nl nodig | pl potrzeb* | ru нужн* нужен надо необходим* | tr gerek* lazım
  | zh 需要 必要 | ja 必要 要る | ko 필요
want | de wollen wollt möchte* | fr veux voulons veut voulez souhait* | es quiero queremos quieren
  | pt quero queremos querem | it voglio vogliamo | nl willen | pl chcę chcemy | ru хочу хотим
  хотят | tr isti* | zh 想要 | ja 欲しい ほしい | ko 원해 원합니다
unneeded | de unnötig* überflüssig* | fr inutile* | es innecesari* | pt desnecessári* | it inutile
  superfluo | nl onnodig* overbodig* | pl niepotrzebn* zbędn* | ru ненужн* незачем | tr gereksiz*
  gerek_yok gerekmiyor* gerekmez | zh 不需要 不用 没必要 不必 无需 不要 不想要 | ja 不要 いらない
  要らない 必要ない 必要なし 必要ありません 欲しくない | ko 필요_없* 필요없*
agree | de einverstanden zustimm* stimme_zu | fr d_accord | es de_acuerdo | pt concordo
  concordamos de_acordo | it d_accordo concordo | nl eens akkoord | pl zgadzam* zgadzamy zgoda
  | ru согласен согласна согласны | tr katılıyorum | zh 同意 赞成 | ja 賛成 同意 | ko 동의
yes | de jawohl | fr oui | es sí | pt sim | it sì | pl tak | ru да | tr evet | zh 是的 好的 | ja
  はい
  | ko 네 예
no | de nein | fr non | pt não | it no | nl nee | pl nie | ru нет | tr hayır | zh 不是 | ja いいえ
  | ko 아니요 아뇨
not | de nicht nie niemals | fr pas ne jamais ni | es no nunca jamás ni | pt não nao nunca nem
  | it non mai né | nl niet nooit | pl nie nigdy | ru не ни никогда | hi nahi nahin
  | tr değil asla hiç | zh 不 没
  沒
  别 別 非 勿 未 | ja ない なく ません ず ダメ だめ | ko 안 않 못 아니 ~않 ~못 말고
none | de kein* ohne | fr aucun* pas_de pas_d sans | es ningún ninguna ninguno sin | pt nenhum*
  nenhuma sem | it nessun* niente senza | nl geen zonder | pl żaden żadn* bez | ru без никак*
  | tr yok | zh 无 没有 | ja なし 無し | ko 없 ~없
"""

# Turkish, Japanese and Korean put the negation after what it negates ("export yok",
# "エクスポートなし"); the others before it ("kein Export", "без экспорта").
_AFTER = frozenset({"tr", "ja", "ko"})
_UNSPACED = frozenset({"zh", "ja"})
_SPACED = re.compile(r"[0-9a-z\u00c0-\u024f\u0400-\u04ff\uac00-\ud7af]+")
_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[a-z\u00c0-\u024f]+")


@dataclass(frozen=True)
class Gloss:
    """Words of a comment and the English headwords they mean."""

    start: int
    end: int
    said: str
    means: frozenset[str]
    lang: str = ""  # the language of the form it was read by (`any` for a loan word)

    @property
    def after(self) -> bool:
        """Written in a language whose negation follows the word (`export yok`)."""
        return self.lang in _AFTER


@dataclass(frozen=True)
class _Form:
    words: tuple[str, ...]  # one for a word, more for a phrase; a stem ends in "*"
    means: frozenset[str]
    lang: str


def _fold(word: str) -> str:
    """`word` without its accents (`nächtlich` → `nachtlich`, `subió` → `subio`)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word)
                   if not unicodedata.combining(c))


def _lower(text: str) -> str:
    return text.replace("İ", "i").lower().replace("’", "'")


def _rows() -> list[_Form]:
    rows: list[_Form] = []
    lines = re.sub(r"\n[ \t]+", " ", _TABLE.strip()).splitlines()
    for line in lines:
        head, *parts = line.split(" | ")
        means = frozenset(w.strip() for w in head.split(","))
        for part in parts:
            lang, *forms = part.split()
            for form in forms:
                words = tuple(form.replace("-", "_").split("_"))
                if lang == "ko":  # a Korean word carries its particles
                    words = tuple(w if w.endswith("*") or w.startswith("~") else w + "*"
                                  for w in words)
                rows.append(_Form(words, means, lang))
    return rows


@dataclass(frozen=True)
class _Index:
    words: dict[str, tuple[frozenset[str], str]]  # a whole word
    stems: dict[str, tuple[frozenset[str], str]]  # the start of a word
    inside: dict[str, tuple[frozenset[str], str]]  # anywhere in a Korean word (`~마다`)
    phrases: dict[str, list[_Form]]  # by the phrase's first word
    unspaced: re.Pattern[str]
    han: dict[str, tuple[frozenset[str], str]]


def _add(table: dict[str, tuple[frozenset[str], str]], key: str, form: _Form) -> None:
    old = table.get(key)
    table[key] = ((old[0] | form.means) if old else form.means, form.lang)


@functools.lru_cache(maxsize=1)
def _index() -> _Index:
    words: dict[str, tuple[frozenset[str], str]] = {}
    stems: dict[str, tuple[frozenset[str], str]] = {}
    inside: dict[str, tuple[frozenset[str], str]] = {}
    phrases: dict[str, list[_Form]] = {}
    han: dict[str, tuple[frozenset[str], str]] = {}
    for form in _rows():
        first = form.words[0]
        if form.lang in _UNSPACED and _HAN.search(first):
            _add(han, "".join(form.words), form)
        elif len(form.words) > 1:
            phrases.setdefault(first.rstrip("*"), []).append(form)
            folded = _fold(first.rstrip("*"))
            if folded != first.rstrip("*"):
                phrases.setdefault(folded, []).append(form)
        elif first.startswith("~"):
            _add(inside, first.strip("~*"), form)
        else:
            stem = first.endswith("*")
            bare = first.rstrip("*")
            _add(stems if stem else words, bare, form)
            folded = _fold(bare)
            # Accents dropped as people type, where the bare letters still mean the word.
            if folded != bare and len(folded) >= (5 if stem else 4) and form.lang != "ru":
                _add(stems if stem else words, folded, form)
    ordered = sorted(han, key=len, reverse=True)
    unspaced = re.compile("|".join(map(re.escape, ordered))) if ordered else re.compile("(?!)")
    for forms in phrases.values():
        forms.sort(key=lambda f: len(f.words), reverse=True)
    return _Index(words, stems, inside, phrases, unspaced, han)


def _word(token: str, index: _Index) -> tuple[frozenset[str], str] | None:
    for candidate in dict.fromkeys((token, _fold(token) if _LATIN.fullmatch(token) else token)):
        if candidate in index.words:
            return index.words[candidate]
        for end in range(len(candidate), 0, -1):  # the longest stem first
            if candidate[:end] in index.stems:
                return index.stems[candidate[:end]]
    for part, found in index.inside.items():
        if part in token:
            return found
    return None


def _fits(token: str, form_word: str) -> bool:
    bare = form_word.strip("~").rstrip("*")
    options = {token, _fold(token)}
    if form_word.endswith("*"):
        return any(t.startswith(bare) or t.startswith(_fold(bare)) for t in options)
    return bare in options or _fold(bare) in options


def _phrase(ahead: list[str], index: _Index) -> _Form | None:
    """The longest phrase of the glossary the words `ahead` start with."""
    first = ahead[0]
    keys = {first, _fold(first), *(first[:end] for end in range(2, len(first)))}
    fitting = [f for key in keys for f in index.phrases.get(key, ())
               if len(f.words) <= len(ahead)
               and all(_fits(ahead[j], w) for j, w in enumerate(f.words))]
    return max(fitting, key=lambda f: len(f.words), default=None)


@functools.lru_cache(maxsize=4096)  # pure; the reader asks of the same clause often
def glosses(text: str) -> tuple[Gloss, ...]:
    """The words of `text` this glossary knows, in order, each with its headwords."""
    index = _index()
    flat = _lower(text)
    found: list[Gloss] = []
    tokens = list(_SPACED.finditer(flat))
    k = 0
    while k < len(tokens):
        token = tokens[k].group(0)
        phrase = _phrase([t.group(0) for t in tokens[k:k + 6]], index)
        if phrase is not None:
            last = tokens[k + len(phrase.words) - 1]
            found.append(Gloss(tokens[k].start(), last.end(), text[tokens[k].start():last.end()],
                               phrase.means, phrase.lang))
            k += len(phrase.words)
            continue
        hit = _word(token, index)
        if hit is not None:
            found.append(Gloss(tokens[k].start(), tokens[k].end(), text[tokens[k].start():
                                                                         tokens[k].end()],
                               hit[0], hit[1]))
        k += 1
    for match in index.unspaced.finditer(flat):
        means, lang = index.han[match.group(0)]
        kana = bool(re.search(r"[\u3040-\u30ff]", match.group(0)))
        found.append(Gloss(match.start(), match.end(), text[match.start():match.end()], means,
                           "ja" if kana else lang))
    return tuple(sorted(found, key=lambda g: g.start))


def headwords(text: str) -> frozenset[str]:
    """Every English headword the words of `text` mean (`Храним на сервере` → store,
    server), those of refusal (`not`, `none`, `unneeded`) among them."""
    return frozenset().union(*(g.means for g in glosses(text)))


_REFUSAL = frozenset({"not", "none", "unneeded", "no"})


# A Turkish verb negated by its suffix ("kullanmayalım", "istemiyoruz", "görmesin").
_TURKISH_NEGATED = re.compile(r"\w+?(?:m[ae]y|m[ıiuü]yor|m[ae]z|m[ae]s[ıi]n|m[ae]d[ıi]|m[ae]m)\w*")
_TURKISH = re.compile(r"[ğşı]", re.IGNORECASE)


def negated(text: str) -> str:
    """The first word of `text` that negates in another language (`nicht`, `pas`, `不`,
    `ない`, `kein`, a Turkish verb in `-me`), or ""."""
    found = glosses(text)
    said = next((g.said for g in found if g.means & _REFUSAL), "")
    if said or not (_TURKISH.search(text) or any(g.lang == "tr" for g in found)):
        return said
    verb = next((m for m in _TURKISH_NEGATED.finditer(_lower(text))
                 if any(g.start <= m.start() < g.end for g in found if g.lang == "tr")
                 or _TURKISH.search(m.group(0))), None)
    return text[verb.start():verb.end()] if verb else ""


# A question asked without its mark: "S3でいいですか", "S3로 할까요", "用S3吗".
_ASKS = re.compile(r"(?:ですか|ますか|でしょうか|のか|かな|까요?|나요|습니까|吗|嗎|呢"
                   r"|\bmı|\bmi|\bmu|\bmü)\W*$")


def asks(text: str) -> bool:
    """Whether `text` asks, in a language whose questions end in a particle."""
    return bool(_ASKS.search(text.strip()))


def meant(text: str) -> frozenset[str]:
    """The headwords `text` says in another language, its words of refusal left out, and
    the English words it merely shares with one (`server`, `notes`, `disks`): those are
    read as English already, and an English comment means nothing more here."""
    return frozenset().union(*(g.means - _REFUSAL for g in glosses(text)
                               if not _english(g)))


_ENDINGS = ("", "s", "es", "d", "ed", "ing", "er", "ers")


def _english(gloss: Gloss) -> bool:
    """Whether the words of `gloss` are one of its headwords as English writes it."""
    said = _fold(_lower(gloss.said))
    return any(said == head + end for head in gloss.means for end in _ENDINGS)


def unneeded(text: str) -> str | None:
    """What `text` says is not needed or not wanted, when it says so: `экспорт не нужен`,
    `Export brauchen wir nicht`, `不需要导出`, `エクスポートは要らない` → the other words
    (`экспорт`); `kein Export`, `pas d'export`, `エクスポートなし`, `export yok` → the word
    the `none` stands beside. None when it says no such thing."""
    found = glosses(text)
    for k, gloss in enumerate(found):
        if "unneeded" in gloss.means or ("not" in gloss.means and any(
                ({"need", "want"} & other.means) and _near(gloss, other)
                for other in found[max(0, k - 1):k + 2] if other is not gloss)):
            used = [g for g in found if g.means & (_REFUSAL | {"need", "want"})]
            return _without(text, used)
        if "none" in gloss.means:
            beside = _beside(text, gloss)
            if beside:
                return beside
    return None


def says_no(text: str) -> bool:
    """Whether `text` is only a no of another language (`nein`, `нет.`, `いいえ`)."""
    found = glosses(text)
    return bool(found) and all(g.means & {"no", "not", "none"} for g in found) \
        and not _without(text, list(found))


def says_yes(text: str) -> bool:
    """Whether `text` starts with a yes of another language (`да, …`, `はい`, `evet`)."""
    found = glosses(text)
    return bool(found) and "yes" in found[0].means and not re.sub(
        r"[\W_]+", "", text[:found[0].start]) and not negated(text)


def _near(one: Gloss, other: Gloss) -> bool:
    gap = other.start - one.end if other.start >= one.end else one.start - other.end
    return 0 <= gap <= 12


def _without(text: str, used: list[Gloss]) -> str:
    rest = text
    for gloss in sorted(used, key=lambda g: g.start, reverse=True):
        rest = rest[:gloss.start] + " " + rest[gloss.end:]
    return " ".join(re.sub(r"[^\w]+", " ", rest).split())


def _beside(text: str, gloss: Gloss) -> str:
    """The word a `none` refuses: the next one (`kein Export`), or for a language whose
    negation follows, the one before it (`エクスポートなし`, `export yok`)."""
    if gloss.after:
        before = re.search(r"([\w\u3040-\u30ff\u3400-\u9fff]+?)[はがもを]?\s*$",
                           text[:gloss.start])
        return before.group(1) if before else ""
    after = re.match(r"[\s'’]*([\w-]+)", text[gloss.end:])
    return after.group(1) if after else ""
