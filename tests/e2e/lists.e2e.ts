import { describe, expect, it } from "vitest";
import { baseUrl, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { uniqueTag } from "./support/fixtures";
import { browser, page, signedInAs } from "./support/session";

/**
 * Lists (issue 36): every list sorts on the server, searches, and keeps its page, filters and sort in the
 * address, so Back and a reload return to the same rows.
 */
signedInAs("director1@urithi.co.ke");

const api = async <T>(path: string): Promise<T> => (await page.request.get(`${baseUrl()}${path}`)).json();
const params = () => new URL(page.url()).searchParams;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe("lists", () => {
  it("sorts orders on the server and keeps the sort and page through Back and a reload", async () => {
    await page.goto("/orders");
    await page.getByTestId("order-card").first().waitFor();
    await page.getByLabel("Sort by").selectOption({ label: "Amount: high to low" });
    const top = await api<{ orderNumber: string }[]>("/api/orders?sort=totalAmountKes&order=desc&limit=51");
    await page.getByTestId("order-card").first().getByText(top[0]!.orderNumber).waitFor();
    expect(params().get("sort")).toBe("totalAmountKes");
    expect(params().get("order") ?? "desc").toBe("desc"); // the default leaves the address

    await page.getByRole("button", { name: "Next" }).click();
    await page
      .getByTestId("pager-range")
      .getByText(/^Showing 51–/)
      .waitFor();
    expect(params().get("page")).toBe("2");
    await page.getByTestId("order-card").first().getByText(top[50]!.orderNumber).waitFor();

    // Away and Back: the same page of the same sort, not page 1.
    await page.goto("/customers");
    await page.goBack();
    await page
      .getByTestId("pager-range")
      .getByText(/^Showing 51–/)
      .waitFor();
    expect(await page.getByLabel("Sort by").inputValue()).toBe("totalAmountKes:desc");
    await page.reload();
    await page.getByTestId("order-card").first().getByText(top[50]!.orderNumber).waitFor();

    // A new filter starts at its first page.
    await page.getByLabel("Filter by status").selectOption("pending");
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("page"));
    expect(params().get("status")).toBe("pending");
  });

  it("finds breeding records by words, technician, farm and 'Due for PD', sorted as chosen", async () => {
    const tag = uniqueTag();
    const technician = `Dr. Lists ${tag}`;
    const [client] = await api<{ id: number; name: string }[]>("/api/breeding/clients?limit=1");
    const record = (animalId: string, serviceDate: string) =>
      page.request.post(`${baseUrl()}/api/breeding-records`, {
        data: {
          animalId,
          animalName: "Njeri",
          breedType: "Holstein",
          serviceType: "AI",
          serviceDate,
          technician,
          geneticMaterial: "SEM-HF-101",
          customerId: client!.id,
        },
      });
    expect((await record(`DUE-${tag}`, daysAgo(40))).status()).toBe(201);
    expect((await record(`NEW-${tag}`, daysAgo(5))).status()).toBe(201);

    await page.goto("/breeding");
    await page.getByRole("table").waitFor();
    await page.getByLabel("Filter by technician").fill(technician);
    const rows = page.getByRole("table").getByRole("row");
    // Both records are also in the list as it was before the filter: wait for the filtered one.
    await expect.poll(() => rows.count()).toBe(3); // the header and two records
    await rows.filter({ hasText: `NEW-${tag}` }).waitFor();
    await rows.filter({ hasText: `DUE-${tag}` }).waitFor();

    await page.getByLabel("Filter by status").selectOption({ label: "Due for PD" });
    await rows.filter({ hasText: `NEW-${tag}` }).waitFor({ state: "detached" });
    await rows.filter({ hasText: `DUE-${tag}` }).waitFor();

    await page.getByLabel("Filter by farm").selectOption({ label: client!.name });
    await page.getByLabel("Sort by").selectOption({ label: "Earliest service first" });
    await page.reload();
    await rows.filter({ hasText: `DUE-${tag}` }).waitFor();
    expect(await page.getByLabel("Filter by technician").inputValue()).toBe(technician);
    expect(await page.getByLabel("Filter by status").inputValue()).toBe("due_pd");
    expect(await page.getByLabel("Sort by").inputValue()).toBe("serviceDate:asc");
    expect(params().get("order")).toBe("asc");
    await screenshot(page, "breeding-filters-desktop");

    await page.getByLabel("Filter by status").selectOption("all");
    await page.getByLabel("Search breeding records").fill(`NEW-${tag}`);
    await rows.filter({ hasText: `DUE-${tag}` }).waitFor({ state: "detached" });
    await rows.filter({ hasText: `NEW-${tag}` }).waitFor();
  });

  it("searches vendors, transactions, shipments and messages", async () => {
    const tag = uniqueTag();
    const vendor = await page.request.post(`${baseUrl()}/api/vendors`, {
      data: {
        name: `Lists Vendor ${tag}`,
        email: `lists-${tag}@example.co.ke`,
        contactPerson: "Achieng Otieno",
      },
    });
    expect(vendor.status()).toBe(201);
    await page.goto("/vendors");
    await page.getByRole("table").waitFor();
    await page.getByLabel("Search vendors").fill(tag);
    const vendorRows = page.getByRole("table").getByRole("row");
    await vendorRows.filter({ hasText: `Lists Vendor ${tag}` }).waitFor();
    // The header and the one match, once the search's answer has replaced the page it started from.
    await expect.poll(() => vendorRows.count()).toBe(2);
    await page.getByLabel("Search vendors").fill(`nothing-${tag}`);
    await page.getByTestId("vendors-empty").waitFor();

    const tx = await page.request.post(`${baseUrl()}/api/transactions`, {
      data: {
        type: "expense",
        amount: 1234,
        currency: "KES",
        description: `LN2 top-up ${tag}`,
        status: "completed",
      },
    });
    expect(tx.status()).toBe(201);
    await page.goto("/financial");
    await page.getByLabel("Search transactions").fill(tag);
    await page
      .getByRole("row")
      .filter({ hasText: `LN2 top-up ${tag}` })
      .waitFor();
    await page.getByLabel("Filter by type").selectOption("income");
    await page.getByTestId("transactions-empty").waitFor();
    await page.getByText("No transactions found").waitFor();

    const [shipment] = await api<{ trackingNumber: string }[]>("/api/shipments?view=delivered&limit=1");
    if (shipment) {
      await page.goto("/shipping?view=delivered");
      await page.getByLabel("Search shipments").fill(shipment.trackingNumber);
      await page.getByRole("row").filter({ hasText: shipment.trackingNumber }).waitFor();
      await expect.poll(() => page.getByRole("table").getByRole("row").count()).toBe(2);
    }

    await page.goto("/messages");
    await page.getByLabel("Search messages").fill(`nobody-${tag}`);
    await page.getByText("No messages found").waitFor();
  });

  it("fits the breeding filters on a phone", async () => {
    const mobile = await newPage(browser, phone);
    await signInAsStaff(mobile, "director1@urithi.co.ke");
    await mobile.goto("/breeding?status=due_pd");
    await mobile.getByLabel("Filter by status").waitFor();
    expect(await mobile.getByLabel("Filter by status").inputValue()).toBe("due_pd");
    const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await screenshot(mobile, "breeding-filters-phone");
    await mobile.close();
  });
});
