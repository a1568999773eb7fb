import { BlockList, isIPv6 } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { sameSecret } from "../../http/secrets";
import type { Metrics } from "./registry";

/** The addresses and CIDRs of METRICS_ALLOW, as one list Node checks. */
function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const family = isIPv6(address) ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/**
 * `/metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN (as a bearer token) or calling
 * from an address METRICS_ALLOW lists. The address is the client's as the trusted proxy reports it, so a
 * request from the internet through a proxy on this host is not mistaken for a local one.
 */
export function registerMetricsRoute(app: FastifyInstance, config: Config, metrics: Metrics): void {
  const allowed = allowList(config.metrics.allow);
  const permitted = (request: FastifyRequest) => {
    const auth = request.headers.authorization;
    if (
      config.metrics.token &&
      auth?.startsWith("Bearer ") &&
      sameSecret(auth.slice(7), config.metrics.token)
    )
      return true;
    const ip = request.ip.replace(/^::ffff:/, "");
    return allowed.check(ip, isIPv6(ip) ? "ipv6" : "ipv4");
  };
  app.get("/metrics", async (request, reply) => {
    if (!permitted(request)) {
      throw new AppError("FORBIDDEN", "Metrics need the metrics token or an allowed address");
    }
    reply.header("content-type", metrics.registry.contentType).header("cache-control", "no-store");
    return metrics.registry.metrics();
  });
}
