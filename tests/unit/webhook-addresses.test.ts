import { describe, expect, it } from "vitest";
import { slackText } from "~/domain/webhook-events";
import { isPrivateAddress } from "~/server/webhook-address.server";

// docs/security.md#webhooks: which addresses a webhook may reach; docs/api.md#webhooks: what Slack is told.

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.20.30.40",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fdff:ffff::1",
    "fe80::1",
    "febf::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "::10.0.0.1",
    "64:ff9b::192.168.1.1",
    "2002:c0a8:0101::1",
    "fe80::1%eth0",
    "not-an-address",
  ])("refuses %s", (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "100.128.0.1",
    "169.255.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2002:0808:0808::1",
  ])("allows %s", (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe("slackText", () => {
  it("says a new lead's name, service and first line, with a link to it", () => {
    const text = slackText(
      "lead.created",
      {
        lead: {
          id: "abc",
          name: "Ada",
          email: "ada@example.test",
          message: "\n  Hello there\nMore",
          service: "apps",
          status: "new",
          owner_id: null,
          created_at: "",
        },
      },
      "https://studio.example/",
      "Studio",
    );
    expect(text).toBe(
      "New lead on Studio: Ada <ada@example.test> about apps\n> Hello there\nhttps://studio.example/dashboard/messages/abc",
    );
  });
});
