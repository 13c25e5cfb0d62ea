// The browser build's test: serves web/dist (cross-origin isolated: COOP/COEP headers), drives
// the demo page in headless Chromium (Debian's, through playwright-core) and checks, for the
// engine named by argument 2 (`single`: nue.wasm, one thread, the default; `threads`:
// nue-threads.wasm, a Web Worker per thread), that it analyses a chess, a xiangqi and a shogi
// position to depth >= 10 and plays two moves in each, which the native engine (argument 1,
// target/release/nue) then accepts as legal. The single-threaded engine must refuse
// `go infinite`; the threaded one must search until `stop` (answering `isready` meanwhile) and
// with Threads = 2. Then the speed: nodes/s of a 5-second search of one chess position with
// 1 thread (and 2 for the threaded engine), and the native engine's on the same position.
// Run by scripts/test_web.sh.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { chromium } from "playwright-core";

const native = process.argv[2];
const mode = process.argv[3] || "single";
if (!["single", "threads"].includes(mode)) throw new Error(`unknown mode ${mode}: single or threads`);
const threaded = mode === "threads";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "dist");
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(root, path.normalize(decodeURIComponent(req.url.split("?")[0])).replace(/^\/+$/, "index.html"));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  // As scripts/serve_web.py: SharedArrayBuffer only in a cross-origin isolated page.
  res.writeHead(200, {
    "content-type": types[path.extname(file)] || "application/octet-stream",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
  });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
// The page would pick the threaded engine by itself here; ?threads= makes each mode explicit.
const url = `http://127.0.0.1:${server.address().port}/index.html?threads=${threaded ? 1 : 0}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true });
const page = await browser.newPage();
page.on("pageerror", (e) => console.error("page error:", e.message));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
// Sends `text` to the engine and resolves with every line up to the first that starts with
// `until` (after `delays`: [text, ms] pairs sent that many ms later).
const exchange = (text, until, delays = []) => page.evaluate(([text, until, delays]) => new Promise((resolve) => {
  const seen = [];
  const listen = (line) => {
    seen.push(line);
    if (line.startsWith(until)) {
      window.nue.removeMessageListener(listen);
      resolve(seen);
    }
  };
  window.nue.addMessageListener(listen);
  window.nue.postMessage(text);
  for (const [later, ms] of delays) setTimeout(() => window.nue.postMessage(later), ms);
}), [text, until, delays]);
const field = (line, name) => {
  const words = (line || "").split(" ");
  return Number(words[words.indexOf(name) + 1]);
};

try {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=yes]", { timeout: 60000 });
  const shown = await page.textContent("#mode");
  check(shown === (threaded ? "threaded" : "one thread") && (await page.evaluate(() => window.nue.threads)) === threaded,
    `${mode}: the page runs the "${shown}" engine (cross-origin isolated: ${await page.evaluate(() => crossOriginIsolated)})`);
  const cases = [
    ["chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"],
    ["xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"],
    ["shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 2"],
  ];
  for (const [variant, fen] of cases) {
    await page.selectOption("#variant", variant);
    await page.waitForFunction(() => document.getElementById("board").textContent.length > 0);
    await page.fill("#fen", fen);
    await page.click("#set");
    await page.fill("#depth", "10");
    await page.click("#analyse");
    await page.waitForFunction(() => document.getElementById("best").textContent !== "-", null, { timeout: 120000 });
    const depth = Number(await page.textContent("#depth-out"));
    const nps = await page.textContent("#nps");
    check(depth >= 10, `${variant}: analysed to depth ${depth} (${nps} nodes/s), best ${await page.textContent("#best")}`);
    await page.fill("#movetime", "300");
    for (let i = 0; i < 2; i++) {
      const before = (await page.textContent("#moves")).trim();
      await page.click("#engine");
      await page.waitForFunction((b) => document.getElementById("moves").textContent.trim() !== b, before, { timeout: 60000 });
    }
    const moves = (await page.textContent("#moves")).trim();
    const error = await page.textContent("#error");
    const script = `uci\nsetoption name UCI_Variant value ${variant}\nposition fen ${fen} moves ${moves}\nd\nquit\n`;
    const answer = execFileSync(native, [], { input: script }).toString();
    check(moves.split(" ").length === 2 && !error && !answer.includes("error"), `${variant}: engine played ${moves}, legal by the native engine`);
    await page.evaluate(() => { document.getElementById("best").textContent = "-"; });
  }
  if (!threaded) {
    // Without threads a search without a limit could never be stopped: refused, and the engine
    // answers the next line.
    const refused = await exchange("go infinite\nisready", "readyok");
    check(refused.some((l) => l.startsWith("info string error") && l.includes("no threads")), `go infinite refused: ${refused.join(" | ")}`);
  } else {
    // The page's buttons: analysis until Stop, from the shogi position left on the board.
    await page.click("#infinite");
    await page.waitForFunction(() => Number(document.getElementById("depth-out").textContent) >= 8, null, { timeout: 60000 });
    await page.click("#stop");
    await page.waitForFunction(() => document.getElementById("best").textContent !== "-", null, { timeout: 30000 });
    check(true, `shogi: analysis until Stop reached depth ${await page.textContent("#depth-out")}, best ${await page.textContent("#best")}`);
    // go infinite answers isready while it searches and stops at `stop` with its best move.
    const lines = await exchange("setoption name UCI_Variant value chess\nposition startpos\ngo infinite", "bestmove",
      [["isready", 300], ["stop", 2000]]);
    const ready = lines.indexOf("readyok");
    const infos = lines.filter((l) => l.startsWith("info depth"));
    check(ready >= 0 && infos.length > 0 && lines.at(-1).startsWith("bestmove"),
      `go infinite: readyok while searching, stopped at depth ${field(infos.at(-1), "depth")}: ${lines.at(-1)}`);
    // Two threads: the search thread and a helper, each in a worker of its own.
    const two = await exchange(`setoption name Threads value 2\nucinewgame\nposition fen ${cases[0][1]}\ngo depth 12`, "bestmove");
    const last = two.filter((l) => l.startsWith("info depth")).at(-1);
    const workers = page.workers().length;
    check(field(last, "depth") >= 12 && workers >= 3 && two.at(-1).startsWith("bestmove"),
      `Threads 2: depth ${field(last, "depth")}, ${field(last, "nps")} nodes/s, ${workers} Web Workers: ${two.at(-1)}`);
    await exchange("setoption name Threads value 1\nisready", "readyok");
  }
  // go perft: on the one thread there is, or on its own.
  const perft = await exchange("setoption name UCI_Variant value chess\nposition startpos\ngo perft 4", "Nodes searched");
  check(perft.at(-1).includes("197281"), `go perft 4: ${perft.at(-1)}`);

  // Speed: the same position and time for every build; a shared machine's numbers vary.
  const speedFen = cases[0][1];
  const go = (threads) => `setoption name UCI_Variant value chess\nsetoption name Threads value ${threads}\nucinewgame\nposition fen ${speedFen}\ngo movetime 5000`;
  const lastInfo = (lines) => lines.filter((l) => l.startsWith("info depth")).at(-1);
  const report = (what, line) => console.log(`speed ${what}: ${field(line, "nps")} nodes/s (depth ${field(line, "depth")}, ${field(line, "nodes")} nodes in ${field(line, "time")} ms)`);
  const wasm = threaded ? "nue-threads.wasm" : "nue.wasm";
  for (const threads of threaded ? [1, 2] : [1]) {
    report(`${wasm}, ${threads} thread${threads > 1 ? "s" : ""}`, lastInfo(await exchange(go(threads), "bestmove")));
  }
  for (const threads of threaded ? [1, 2] : [1]) {
    const out = execFileSync(native, [], { input: `uci\n${go(threads)}\n` }).toString().split("\n");
    report(`native, ${threads} thread${threads > 1 ? "s" : ""}`, lastInfo(out));
  }
  console.log(`${wasm}: ${fs.statSync(path.join(root, wasm)).size} bytes`);
} finally {
  await browser.close();
  server.close();
}
process.exit(failures.length ? 1 : 0);
