// The demo page: a variant list from the engine's `uci` answer, a position (FEN and moves),
// analysis to a depth with live info lines, and moves against the engine; with the threaded
// engine also analysis until `stop` and a thread count. State shown on the page is what the
// tests read (web/test.mjs). `?threads=0` or `?threads=1` overrides nue.js's choice of engine.
import { Nue } from "./nue.js";

const asked = new URLSearchParams(location.search).get("threads");
const engine = Nue(undefined, asked === null ? {} : { threads: asked !== "0" });
// The engine object, for the browser console and the tests.
window.nue = engine;
const $ = (id) => document.getElementById(id);
let moves = [];
let diagram = null;
// Answers awaited, oldest first: the worker answers in the order it was asked.
const waiters = [];

engine.addMessageListener((line) => {
  if (diagram !== null) {
    if (line.startsWith("info string fen ")) {
      $("board").textContent = diagram.join("\n");
      diagram = null;
    } else if (!line.startsWith("info string")) {
      diagram.push(line);
    }
  }
  if (line.startsWith("info string error")) $("error").textContent = line;
  if (line.startsWith("option name UCI_Variant")) {
    const names = line.split(" var ").slice(1);
    $("variant").innerHTML = names.map((v) => `<option>${v}</option>`).join("");
    $("variant").value = "chess";
  }
  if (line.startsWith("info depth")) showInfo(line);
  if (waiters.length && line.startsWith(waiters[0].prefix)) waiters.shift().resolve(line);
});

function showInfo(line) {
  const words = line.split(" ");
  const field = (name) => words[words.indexOf(name) + 1];
  $("depth-out").textContent = field("depth");
  const at = words.indexOf("score");
  $("score").textContent = `${words[at + 1]} ${words[at + 2]}`;
  $("nps").textContent = field("nps");
  $("pv").textContent = line.split(" pv ")[1] || "";
}

// Sends `line` and resolves with the first answer starting with `prefix`.
function ask(line, prefix) {
  return new Promise((resolve) => {
    waiters.push({ prefix, resolve });
    engine.postMessage(line);
  });
}

// Runs the page's actions one at a time: a click while the engine thinks waits its turn
// instead of interleaving its lines with the running one's.
let queue = Promise.resolve();
const serial = (task) => () => (queue = queue.then(task, task));

function position() {
  const fen = $("fen").value.trim();
  const start = fen ? `fen ${fen}` : "startpos";
  return `position ${start}${moves.length ? ` moves ${moves.join(" ")}` : ""}`;
}

async function refresh() {
  $("moves").textContent = moves.join(" ");
  $("error").textContent = "";
  engine.postMessage(position());
  diagram = [];
  await ask("d\nisready", "readyok");
}

async function think(go) {
  engine.postMessage(position());
  const line = await ask(go, "bestmove");
  const best = line.split(" ")[1];
  $("best").textContent = best;
  return best;
}

async function engineMove() {
  const best = await think(`go movetime ${$("movetime").value}`);
  if (best && best !== "0000" && best !== "resign" && best !== "(none)") {
    moves.push(best);
    await refresh();
  }
}

$("variant").onchange = serial(async () => {
  moves = [];
  $("fen").value = "";
  engine.postMessage(`setoption name UCI_Variant value ${$("variant").value}`);
  await refresh();
});
$("set").onclick = serial(async () => {
  moves = [];
  await refresh();
});
$("analyse").onclick = serial(() => think(`go depth ${$("depth").value}`));
$("play").onclick = serial(async () => {
  const mv = $("move").value.trim();
  if (!mv) return;
  $("error").textContent = "";
  engine.postMessage(`${position()} ${moves.length ? "" : "moves "}${mv}`);
  const answer = await ask("isready", "readyok");
  if ($("error").textContent) return;
  moves.push(mv);
  $("move").value = "";
  await refresh();
  await engineMove();
  return answer;
});
$("engine").onclick = serial(engineMove);
// Only the threaded engine reads `stop` while it searches.
$("mode").textContent = engine.threads ? "threaded" : "one thread";
for (const id of ["infinite", "stop", "threads"]) $(id).disabled = !engine.threads;
$("infinite").onclick = serial(() => think("go infinite"));
// Not queued: it must reach the engine while the search it ends is still waiting its answer.
$("stop").onclick = () => engine.postMessage("stop");
$("threads").onchange = () => engine.postMessage(`setoption name Threads value ${$("threads").value}`);

await ask("uci", "uciok");
await refresh();
document.body.dataset.ready = "yes";
