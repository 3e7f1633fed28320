// UI strings in Japanese and English. The choice is remembered in localStorage ("fudaba.lang")
// and sets <html lang>. Game text (log lines, prompts, glosses, card text) comes from the server
// in the player's language; these are only the page's own words.

const STRINGS = {
  ja: {
    app: "札場 fudaba",
    lang_switch: "English",
    lang_switch_label: "表示言語を英語に切り替える",
    lobby_title: "対戦の準備",
    game: "ゲーム",
    variant: "バリアント",
    deck_for: "{who}のデッキ",
    you: "あなた",
    opponent: "相手",
    deck_source: "デッキの種類",
    deck_starter: "スターターデッキ",
    deck_text: "デッキリストを貼り付け",
    deck_file: "ファイルから読み込む",
    deck_text_label: "デッキリスト ({who})",
    deck_text_ph: "4 SV-A01\n# 禁書\n1 SV-AF1",
    deck_file_label: "デッキファイル ({who})",
    check_deck: "デッキを確認",
    deck_ok: "デッキは使用できます。",
    deck_problems: "問題 {n} 件:",
    deck_checking: "確認中…",
    params: "パラメータ",
    params_hint: "既定値のままで構いません。",
    range: "範囲 {min}〜{max}",
    range_min: "{min} 以上",
    opponent_kind: "対戦相手",
    opp_friend: "友達 (招待リンク)",
    opp_random: "AI: ランダム",
    opp_greedy: "AI: 貪欲",
    opp_easy: "AI: やさしい",
    opp_normal: "AI: ふつう",
    opp_hard: "AI: むずかしい",
    my_seat: "あなたの席",
    seat_n: "P{n}",
    seat_first_note: "先攻はパラメータ first で決まります。",
    create_room: "部屋を作る",
    creating: "作成中…",
    room_created: "部屋を作りました。",
    open_table: "テーブルを開く",
    invite_link: "招待リンク (友達に送る: 2つ目の席)",
    spectate_link: "観戦リンク (公開情報のみ)",
    copy: "コピー",
    copy_invite: "招待リンクをコピー",
    copy_spectate: "観戦リンクをコピー",
    copied: "コピーしました",
    copy_failed: "コピーできませんでした。リンクを選択してコピーしてください。",
    my_games: "あなたの対戦",
    no_games: "まだ対戦はありません。",
    ongoing: "対戦中",
    finished: "終了",
    turn_n: "ターン {n}",
    resume: "続ける",
    view_game: "見る",
    vs: "対",
    friend: "友達",
    error: "エラー",
    load_failed: "読み込めませんでした: {msg}",
    // table
    back_to_lobby: "ロビーへ",
    turn: "ターン",
    phase: "フェイズ",
    to_decide: "選択中",
    your_decision: "あなたの番です",
    waiting_for: "P{n} の選択を待っています",
    spectator: "観戦中",
    seat_label: "あなたは P{n}",
    connected: "接続中",
    disconnected: "切断",
    opp_disconnected: "相手の接続が切れました",
    opp_reconnected: "相手が再接続しました",
    ai: "AI",
    human: "人",
    connecting: "接続中…",
    reconnecting: "再接続中… ({n} 回目)",
    conn_lost: "サーバーとの接続が切れました。再接続します…",
    your_hand: "あなたの手札",
    hand: "手札",
    deck: "山札",
    discard: "捨て札",
    discard_sarasvati: "墓地",
    cards_n: "{n} 枚",
    empty: "なし",
    prompt: "選択",
    actions: "できる行動",
    no_actions: "今は選べる行動がありません。",
    choose_among: "{ref} を使う行動:",
    confirm_action: "この行動を送りますか?",
    send: "送る",
    cancel: "取り消し",
    clear_selection: "選択を解除",
    selected: "選択中: {refs}",
    confirm_toggle: "送る前に確認する",
    notation: "記法で入力",
    notation_label: "行動を記法で入力 (例: {ex})",
    notation_send: "送る",
    refused: "受け付けられません: {reason}",
    sent: "送信: {action}",
    log: "ログ",
    rules: "ルール",
    rules_title: "ルール",
    rules_section: "節 (例: 5.3)",
    rules_show: "表示",
    rules_index: "目次",
    close: "閉じる",
    replay: "リプレイ",
    replay_title: "リプレイ",
    replay_step: "手順 {n} / {m}",
    first: "最初",
    prev: "前へ",
    next: "次へ",
    last: "最後",
    game_over: "ゲーム終了",
    winner: "P{n} の勝ち",
    draw: "引き分け",
    you_win: "あなたの勝ち!",
    you_lose: "あなたの負け",
    concede: "投了",
    concede_confirm: "本当に投了しますか?",
    card_info: "カード",
    hover_hint: "カードにマウスを重ねるかフォーカスすると、ここに内容が表示されます。",
    more_actions: "ほか {n} 件",
    group_other: "その他",
    no_room: "この部屋は見つかりません。",
    show: "表示",
    hide: "隠す",
    pile_of: "{who}の{pile}",
    you_short: "自分",
    opp_short: "相手",
    p_n: "P{n}",
    count_title: "{label}: {n}",
  },
  en: {
    app: "fudaba 札場",
    lang_switch: "日本語",
    lang_switch_label: "Switch the page to Japanese",
    lobby_title: "Set up a game",
    game: "Game",
    variant: "Variant",
    deck_for: "Deck for {who}",
    you: "you",
    opponent: "opponent",
    deck_source: "Deck source",
    deck_starter: "Starter deck",
    deck_text: "Paste a deck list",
    deck_file: "Upload a file",
    deck_text_label: "Deck list ({who})",
    deck_text_ph: "4 SV-A01\n# 禁書\n1 SV-AF1",
    deck_file_label: "Deck file ({who})",
    check_deck: "Check deck",
    deck_ok: "The deck is legal.",
    deck_problems: "{n} problem(s):",
    deck_checking: "Checking…",
    params: "Parameters",
    params_hint: "The defaults are fine.",
    range: "range {min}–{max}",
    range_min: "at least {min}",
    opponent_kind: "Opponent",
    opp_friend: "A friend (invitation link)",
    opp_random: "AI: random",
    opp_greedy: "AI: greedy",
    opp_easy: "AI: easy",
    opp_normal: "AI: normal",
    opp_hard: "AI: hard",
    my_seat: "Your seat",
    seat_n: "P{n}",
    seat_first_note: "Who goes first is set by the parameter first.",
    create_room: "Create room",
    creating: "Creating…",
    room_created: "Room created.",
    open_table: "Open the table",
    invite_link: "Invitation link (send it to your friend: the second seat)",
    spectate_link: "Spectator link (public information only)",
    copy: "Copy",
    copy_invite: "Copy invitation link",
    copy_spectate: "Copy spectator link",
    copied: "Copied",
    copy_failed: "Could not copy. Select the link and copy it.",
    my_games: "Your games",
    no_games: "No games yet.",
    ongoing: "ongoing",
    finished: "finished",
    turn_n: "turn {n}",
    resume: "Continue",
    view_game: "View",
    vs: "vs",
    friend: "friend",
    error: "Error",
    load_failed: "Could not load: {msg}",
    back_to_lobby: "Lobby",
    turn: "Turn",
    phase: "Phase",
    to_decide: "Deciding",
    your_decision: "Your decision",
    waiting_for: "Waiting for P{n}",
    spectator: "Spectating",
    seat_label: "You are P{n}",
    connected: "connected",
    disconnected: "disconnected",
    opp_disconnected: "Opponent disconnected",
    opp_reconnected: "Opponent reconnected",
    ai: "AI",
    human: "human",
    connecting: "Connecting…",
    reconnecting: "Reconnecting… (attempt {n})",
    conn_lost: "Connection to the server lost. Reconnecting…",
    your_hand: "Your hand",
    hand: "Hand",
    deck: "Deck",
    discard: "Discard",
    discard_sarasvati: "Graveyard",
    cards_n: "{n} cards",
    empty: "none",
    prompt: "Decision",
    actions: "Legal actions",
    no_actions: "Nothing to choose right now.",
    choose_among: "Actions with {ref}:",
    confirm_action: "Send this action?",
    send: "Send",
    cancel: "Cancel",
    clear_selection: "Clear selection",
    selected: "Selected: {refs}",
    confirm_toggle: "Confirm before sending",
    notation: "Type an action",
    notation_label: "Action in notation (e.g. {ex})",
    notation_send: "Send",
    refused: "Refused: {reason}",
    sent: "Sent: {action}",
    log: "Log",
    rules: "Rules",
    rules_title: "Rules",
    rules_section: "Section (e.g. 5.3)",
    rules_show: "Show",
    rules_index: "Contents",
    close: "Close",
    replay: "Replay",
    replay_title: "Replay",
    replay_step: "Step {n} of {m}",
    first: "First",
    prev: "Previous",
    next: "Next",
    last: "Last",
    game_over: "Game over",
    winner: "P{n} wins",
    draw: "Draw",
    you_win: "You win!",
    you_lose: "You lose",
    concede: "Concede",
    concede_confirm: "Really concede the game?",
    card_info: "Card",
    hover_hint: "Hover over or focus a card to read it here.",
    more_actions: "{n} more",
    group_other: "Other",
    no_room: "This room does not exist.",
    show: "Show",
    hide: "Hide",
    pile_of: "{who}'s {pile}",
    you_short: "your",
    opp_short: "opponent",
    p_n: "P{n}",
    count_title: "{label}: {n}",
  },
};

const KEY = "fudaba.lang";
const listeners = new Set();

function initial() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === "ja" || saved === "en") return saved;
  } catch (_) { /* storage disabled */ }
  const nav = (navigator.language || "ja").toLowerCase();
  return nav.startsWith("en") ? "en" : "ja";
}

let current = initial();
document.documentElement.lang = current;

export function getLang() {
  return current;
}

export function setLang(lang) {
  if (lang !== "ja" && lang !== "en") return;
  current = lang;
  try { localStorage.setItem(KEY, lang); } catch (_) { /* storage disabled */ }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The UI string `key` in the current language, `{name}` placeholders filled from `vars`. */
export function t(key, vars) {
  const table = STRINGS[current] || STRINGS.en;
  let s = table[key];
  if (s === undefined) s = STRINGS.en[key];
  if (s === undefined) return key;
  if (vars) {
    s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
  }
  return s;
}

/** A button that switches ja <-> en. */
export function langButton() {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "lang-switch";
  const paint = () => {
    b.textContent = t("lang_switch");
    b.removeAttribute("aria-label");  // the visible word is the accessible name (WCAG 2.5.3)
    b.title = t("lang_switch_label");
    b.lang = current === "ja" ? "en" : "ja";
  };
  paint();
  b.addEventListener("click", () => setLang(current === "ja" ? "en" : "ja"));
  onLangChange(paint);
  return b;
}
