import type { Config } from "../../config";
import { AppError } from "../../errors";
import { nairobiStamp } from "../../time";

/**
 * A client for Safaricom's Daraja API (Lipa na M-Pesa Online): OAuth, STK push and STK query. The same code
 * talks to the real sandbox or production API and to the built-in simulator; only the base URL differs.
 */

type MpesaConfig = Config["mpesa"];

export interface StkPushRequest {
  phone: string;
  amountKes: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
}
export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}
/** What an STK query says: still waiting (null result) or the final result code. */
export interface StkQueryResult {
  resultCode: number | null;
  resultDesc: string;
}

/** Daraja's timestamp, YYYYMMDDHHmmss in Nairobi time. */
export const darajaTimestamp = nairobiStamp;

/** The STK password: base64(shortcode + passkey + timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");
}

const unavailable = () =>
  new AppError("CONFLICT", "M-Pesa is not answering right now. Please try again in a minute.");

export class DarajaClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: MpesaConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** An OAuth access token, reused until a minute before it expires. */
  async accessToken(): Promise<string> {
    const at = this.now().getTime();
    if (this.token && this.token.expiresAt > at) return this.token.value;
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString("base64");
    const response = await this.fetch("/oauth/v1/generate?grant_type=client_credentials", {
      method: "GET",
      headers: { authorization: `Basic ${basic}` },
    });
    const body = (await response.json()) as { access_token?: string; expires_in?: string | number };
    if (!response.ok || !body.access_token) throw unavailable();
    const seconds = Number(body.expires_in ?? 3599);
    this.token = { value: body.access_token, expiresAt: at + Math.max(0, seconds - 60) * 1000 };
    return this.token.value;
  }

  private credentials() {
    const timestamp = darajaTimestamp(this.now());
    return {
      BusinessShortCode: this.config.shortcode,
      Password: stkPassword(this.config.shortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  async stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
    const body = await this.post("/mpesa/stkpush/v1/processrequest", {
      ...this.credentials(),
      TransactionType: "CustomerPayBillOnline",
      Amount: request.amountKes,
      PartyA: request.phone,
      PartyB: this.config.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    });
    if (String(body.ResponseCode) !== "0" || typeof body.CheckoutRequestID !== "string") {
      throw new AppError(
        "CONFLICT",
        `M-Pesa refused the request: ${String(body.errorMessage ?? body.ResponseDescription ?? "unknown reason")}`,
      );
    }
    return {
      merchantRequestId: String(body.MerchantRequestID),
      checkoutRequestId: body.CheckoutRequestID,
      customerMessage: String(body.CustomerMessage ?? ""),
    };
  }

  /** Asks for the outcome of a prompt whose callback has not arrived. */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const body = await this.post("/mpesa/stkpushquery/v1/query", {
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    // Daraja answers an error while the prompt is still being processed.
    if (body.ResultCode === undefined) {
      return { resultCode: null, resultDesc: String(body.errorMessage ?? "still processing") };
    }
    return { resultCode: Number(body.ResultCode), resultDesc: String(body.ResultDesc ?? "") };
  }

  private async post(path: string, payload: object): Promise<Record<string, unknown>> {
    const token = await this.accessToken();
    const response = await this.fetch(path, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (response.status === 401) this.token = null;
    const text = await response.text();
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw unavailable();
    }
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.config.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch {
      throw unavailable();
    }
  }
}

/** The fields of an STK callback we use; the rest is kept raw on the payment. */
export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amount: number | null;
  receipt: string | null;
  phone: string | null;
}

/** Reads Daraja's `{ Body: { stkCallback: … } }`; null when the body is not one. */
export function parseStkCallback(body: unknown): StkCallback | null {
  const cb = (body as { Body?: { stkCallback?: Record<string, unknown> } })?.Body?.stkCallback;
  if (!cb || typeof cb.CheckoutRequestID !== "string" || cb.ResultCode === undefined) return null;
  const items = ((cb.CallbackMetadata as { Item?: { Name: string; Value?: unknown }[] })?.Item ?? []).filter(
    (i) => i && typeof i.Name === "string",
  );
  const item = (name: string) => items.find((i) => i.Name === name)?.Value;
  const amount = item("Amount");
  return {
    merchantRequestId: String(cb.MerchantRequestID ?? ""),
    checkoutRequestId: cb.CheckoutRequestID,
    resultCode: Number(cb.ResultCode),
    resultDesc: String(cb.ResultDesc ?? ""),
    amount: amount === undefined ? null : Number(amount),
    receipt: item("MpesaReceiptNumber") === undefined ? null : String(item("MpesaReceiptNumber")),
    phone: item("PhoneNumber") === undefined ? null : String(item("PhoneNumber")),
  };
}
