import { describe, expect, it } from "vitest";
import { clientAddress, DIRECT_CLIENT } from "~/server/client-address.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("clientAddress", () => {
  it("ignores every forwarding header with TRUST_PROXY=0: all clients share one key", () => {
    for (const headers of [
      {} as Record<string, string>,
      { "X-Forwarded-For": "203.0.113.7" },
      { "X-Real-IP": "198.51.100.2" },
      { Forwarded: "for=192.0.2.1" },
    ]) {
      expect(clientAddress(request(headers), 0)).toBe(DIRECT_CLIENT);
    }
  });

  it("takes the entry our one proxy appended with TRUST_PROXY=1, whatever the client wrote before it", () => {
    expect(clientAddress(request({ "X-Forwarded-For": "203.0.113.7" }), 1)).toBe("203.0.113.7");
    expect(clientAddress(request({ "X-Forwarded-For": "1.2.3.4, 5.6.7.8, 203.0.113.7" }), 1)).toBe("203.0.113.7");
    expect(clientAddress(request({ "X-Forwarded-For": "forged, 203.0.113.7" }), 1)).toBe("203.0.113.7");
  });

  it("takes the Nth entry from the right with N proxies, or the leftmost of a shorter header", () => {
    const header = { "X-Forwarded-For": "9.9.9.9, 203.0.113.7, 10.0.0.2" };
    expect(clientAddress(request(header), 2)).toBe("203.0.113.7");
    expect(clientAddress(request(header), 3)).toBe("9.9.9.9");
    expect(clientAddress(request({ "X-Forwarded-For": "203.0.113.7" }), 2)).toBe("203.0.113.7");
  });

  it("reads IPv6 and addresses with ports, and treats anything else as no address", () => {
    expect(clientAddress(request({ "X-Forwarded-For": " 2001:DB8::1 " }), 1)).toBe("2001:db8::1");
    expect(clientAddress(request({ "X-Forwarded-For": "[2001:db8::1]:443" }), 1)).toBe("2001:db8::1");
    expect(clientAddress(request({ "X-Forwarded-For": "203.0.113.7:51234" }), 1)).toBe("203.0.113.7");
    expect(clientAddress(request({ "X-Forwarded-For": "not-an-address" }), 1)).toBe(DIRECT_CLIENT);
    expect(clientAddress(request({ "X-Forwarded-For": `${"1".repeat(100)}` }), 1)).toBe(DIRECT_CLIENT);
    expect(clientAddress(request({ "X-Forwarded-For": "" }), 1)).toBe(DIRECT_CLIENT);
    expect(clientAddress(request({}), 1)).toBe(DIRECT_CLIENT);
  });

  it("never reads X-Real-IP", () => {
    expect(clientAddress(request({ "X-Real-IP": "198.51.100.2" }), 1)).toBe(DIRECT_CLIENT);
  });
});
