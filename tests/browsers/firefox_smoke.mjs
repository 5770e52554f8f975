// Smoke test in Debian's Firefox ESR over WebDriver BiDi (puppeteer-core; no browser download).
// usage: node firefox_smoke.mjs BASE_URL
// Loads three games, switches the theme in the first, makes a move and waits for the computer's answer in
// each, waits for the offline
// copy, then prints "offline?" and waits for a line on stdin (the caller stops the server meanwhile)
// and reloads: the board must draw and play with no server. Exits non-zero on any failure or page error.
import puppeteer from "puppeteer-core";
import readline from "node:readline";

const base = process.argv[2];
const errors = [];
const browser = await puppeteer.launch({
  browser: "firefox", executablePath: "/usr/bin/firefox-esr", headless: true,
  extraPrefsFirefox: { "network.proxy.type": 0, "app.update.enabled": false },
});
const fail = async (why) => { console.error("FAIL " + why); await browser.close(); process.exit(1); };
try {
  const page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  const moves = () => page.$$eval("#movelist button", (b) => b.length);
  for (const game of ["snorkels", "surikata", "blockade"]) {
    await page.goto(base + "#" + game, { waitUntil: "load" });
    await page.waitForSelector("body[data-ready='1']", { timeout: 120000 });
    // the second and third games are a fragment change, routed in the page: the board is that game's once
    // the page shows its link (a click before would land on the last game's board)
    await page.waitForFunction((g) => window.spielkiste && (window.spielkiste() === g ||
      window.spielkiste().startsWith(g + "?")), { timeout: 60000 }, game);
    await page.waitForSelector("[data-cell].target", { timeout: 30000 });
    if (game === "snorkels") {      // the theme button: the page and the board change colour (issue 34)
      const look = () => page.evaluate(() => [document.documentElement.dataset.theme || "",
        getComputedStyle(document.querySelector("#board .frame")).fill, getComputedStyle(document.body).color]);
      const was = await look();
      await page.$eval("#btn-theme", (b) => b.click());
      const now = await look();
      if (!["dark", "light"].includes(now[0]) || now[1] === was[1] || now[2] === was[2]) {
        await fail("the theme button changed nothing: " + was + " -> " + now);
      }
      console.log("theme: " + now[0]);
    }
    const before = await moves();
    await page.$eval("[data-cell].target", (c) => c.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    await page.waitForFunction((n) => document.querySelectorAll("#movelist button").length >= n + 2,
      { timeout: 120000 }, before);
    console.log(game + ": a move and the computer's answer");
  }
  await page.waitForFunction(() => document.documentElement.dataset.offline === "ready", { timeout: 120000 });
  console.log("offline?");
  const rl = readline.createInterface({ input: process.stdin });
  await new Promise((done) => rl.once("line", done));
  rl.close();
  await page.goto(base + "#aufstellen?v=1", { waitUntil: "load" });
  await page.waitForSelector("body[data-ready='1']", { timeout: 120000 });
  const cells = await page.$$eval("[data-cell]", (c) => c.length);
  if (cells < 16) await fail("no board offline");
  await page.$eval("[data-cell].target", (c) => c.dispatchEvent(new MouseEvent("click", { bubbles: true })));
  await page.waitForFunction(() => document.querySelectorAll("#movelist button").length >= 1, { timeout: 30000 });
  console.log("offline: the board draws and plays");
  if (errors.length) await fail("page errors: " + errors.join(" | "));
  console.log("OK");
} catch (e) {
  await fail(String(e));
}
await browser.close();
process.exit(0);
