// The demo page: a variant list from the engine's `uci` answer, a position (FEN and moves),
// analysis to a depth with live info lines, and moves against the engine. State shown on the
// page is what the tests read (web/test.mjs).
import { Nue } from "./nue.js";

const engine = Nue();
// The engine object, for the browser console and the tests.
window.nue = engine;
const $ = (id) => document.getElementById(id);
let moves = [];
let diagram = null;
let waiting = null;

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
  if (waiting && line.startsWith(waiting.prefix)) {
    const done = waiting;
    waiting = null;
    done.resolve(line);
  }
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
    waiting = { prefix, resolve };
    engine.postMessage(line);
  });
}

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

$("variant").onchange = async () => {
  moves = [];
  $("fen").value = "";
  engine.postMessage(`setoption name UCI_Variant value ${$("variant").value}`);
  await refresh();
};
$("set").onclick = async () => {
  moves = [];
  await refresh();
};
$("analyse").onclick = () => think(`go depth ${$("depth").value}`);
$("play").onclick = async () => {
  const mv = $("move").value.trim();
  if (!mv) return;
  $("error").textContent = "";
  engine.postMessage(`${position()} ${moves.length ? "" : "moves "}${mv}`);
  const answer = await ask("isready", "readyok");
  if ($("error").textContent) return;
  moves.push(mv);
  $("move").value = "";
  await refresh();
  await $("engine").onclick();
  return answer;
};
$("engine").onclick = async () => {
  const best = await think(`go movetime ${$("movetime").value}`);
  if (best && best !== "0000" && best !== "resign" && best !== "(none)") {
    moves.push(best);
    await refresh();
  }
};

await ask("uci", "uciok");
await refresh();
document.body.dataset.ready = "yes";
