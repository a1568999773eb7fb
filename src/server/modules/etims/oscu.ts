import type { Config } from "../../config";

/**
 * A client for KRA eTIMS's Online Sales Control Unit (OSCU) API: initialise the device, register items,
 * post stock movements and send sales and credit notes. The same code talks to KRA's sandbox or production
 * and to the built-in simulator; only the base URL differs. KRA answers HTTP 200 with `resultCd` "000" when
 * it took the request; any other code is a refusal, with its reason in `resultMsg`.
 */

export interface OscuHeaders {
  tin: string;
  bhfId: string;
  cmcKey: string;
}

/** KRA read the request and refused it: its code and reason, as staff are shown them. */
export class OscuRefusal extends Error {
  constructor(
    readonly resultCd: string,
    readonly resultMsg: string,
  ) {
    super(`KRA refused it (${resultCd}): ${resultMsg}`);
  }
}

/** No answer (timeout, network, a 5xx): whether KRA took the request is unknown, so it is sent again as is. */
export class OscuUnreachable extends Error {}

interface OscuEnvelope<T> {
  resultCd: string;
  resultMsg: string;
  resultDt?: string;
  data: T | null;
}

export interface DeviceInfo {
  cmcKey: string;
  sdcId: string;
  mrcNo: string;
}

export interface SaleReceipt {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
}

export class OscuClient {
  constructor(private readonly config: Config["etims"]) {}

  /** Initialises the device once for this PIN and branch; KRA answers its communication key. */
  async initialise(tin: string, bhfId: string): Promise<DeviceInfo> {
    const data = await this.post<{ info: { cmcKey: string; sdcId: string; mrcNo: string } }>(
      "/selectInitOsdcInfo",
      { tin, bhfId, dvcSrlNo: this.config.deviceSerial },
      { tin, bhfId },
    );
    if (!data?.info?.cmcKey)
      throw new OscuRefusal("999", "The device initialisation carried no communication key");
    return { cmcKey: data.info.cmcKey, sdcId: data.info.sdcId, mrcNo: data.info.mrcNo };
  }

  saveItem(headers: OscuHeaders, item: Record<string, unknown>): Promise<unknown> {
    return this.post("/saveItem", item, headers);
  }

  insertStockIO(headers: OscuHeaders, movement: Record<string, unknown>): Promise<unknown> {
    return this.post("/insertStockIO", movement, headers);
  }

  saveStockMaster(headers: OscuHeaders, stock: Record<string, unknown>): Promise<unknown> {
    return this.post("/saveStockMaster", stock, headers);
  }

  /** Sends a sale (receipt type S) or a credit note (R); answers the control unit's signature. */
  async saveSale(headers: OscuHeaders, sale: Record<string, unknown>): Promise<SaleReceipt> {
    const data = await this.post<SaleReceipt>("/saveTrnsSalesOsdc", sale, headers);
    if (!data?.rcptSign) throw new OscuRefusal("999", "KRA's answer carried no receipt signature");
    return data;
  }

  private async post<T>(path: string, body: unknown, headers: Partial<OscuHeaders>): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      throw new OscuUnreachable(`eTIMS did not answer: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new OscuUnreachable(`eTIMS answered HTTP ${response.status}`);
    let envelope: OscuEnvelope<T>;
    try {
      envelope = (await response.json()) as OscuEnvelope<T>;
    } catch {
      throw new OscuUnreachable(`eTIMS answered HTTP ${response.status} without JSON`);
    }
    if (envelope.resultCd !== "000") {
      throw new OscuRefusal(
        String(envelope.resultCd ?? response.status),
        String(envelope.resultMsg ?? "no reason given"),
      );
    }
    return envelope.data;
  }
}
