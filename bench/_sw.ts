import { launchBrowser, signInAsClient, openScreen } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/global-setup";
const server = await startServer({ LOG_LEVEL: "warn" });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 }, locale: "sw-KE" });
  await context.addCookies([{ name: "urithi_lang", value: "sw", url: server.baseUrl }]);
  await context.addInitScript(`localStorage.setItem("urithi:language", "sw")`);
  const page = await context.newPage();
  await page.request.post("/api/client-login", { data: { email: "client@urithi.co.ke", password: "demo1234" } });
  for (const url of ["/shop", "/client-orders", "/shop/products/1", "/client-portal", "/cart"]) {
    await openScreen(page, url);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/sw${url.replace(/\//g, "_")}.png` });
    const text = await page.evaluate(() => document.body.innerText);
    console.log("=====", url, "\n", text.slice(0, 1500));
  }
} finally { await browser.close(); await server.stop(); }
