// The browser build's test: serves web/dist, drives the demo page in headless Chromium
// (Debian's, through playwright-core) and checks that the Web Worker analyses a chess, a
// xiangqi and a shogi position to depth >= 10 and plays two moves in each, which the native
// engine (argument 1, target/release/nue) then accepts as legal. Prints the .wasm size and the
// nodes per second of each analysis. Run by scripts/test_web.sh.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { chromium } from "playwright-core";

const native = process.argv[2];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "dist");
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(root, path.normalize(decodeURIComponent(req.url.split("?")[0])).replace(/^\/+$/, "index.html"));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true });
const page = await browser.newPage();
page.on("pageerror", (e) => console.error("page error:", e.message));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

try {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=yes]", { timeout: 60000 });
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
  // Without threads a search without a limit could never be stopped: refused, and the engine
  // answers the next line.
  const refused = await page.evaluate(() => new Promise((resolve) => {
    const seen = [];
    const listen = (line) => {
      seen.push(line);
      if (line === "readyok") {
        window.nue.removeMessageListener(listen);
        resolve(seen);
      }
    };
    window.nue.addMessageListener(listen);
    window.nue.postMessage("go infinite");
    window.nue.postMessage("isready");
  }));
  check(refused.some((l) => l.startsWith("info string error") && l.includes("no threads")), `go infinite refused: ${refused.join(" | ")}`);
  // go perft counts on the one thread there is.
  const perft = await page.evaluate(() => new Promise((resolve) => {
    const listen = (line) => {
      if (line.startsWith("Nodes searched")) {
        window.nue.removeMessageListener(listen);
        resolve(line);
      }
    };
    window.nue.addMessageListener(listen);
    window.nue.postMessage("setoption name UCI_Variant value chess\nposition startpos\ngo perft 4");
  }));
  check(perft.includes("197281"), `go perft 4: ${perft}`);
  console.log(`nue.wasm: ${fs.statSync(path.join(root, "nue.wasm")).size} bytes`);
} finally {
  await browser.close();
  server.close();
}
process.exit(failures.length ? 1 : 0);
