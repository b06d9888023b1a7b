import { describe, expect, it } from "vitest";
import { unsentMailto } from "~/domain/unsent-message";

const parse = (href: string) => {
  const [address, query] = href.replace(/^mailto:/, "").split("?") as [string, string];
  const params = new URLSearchParams(query.replace(/\+/g, "%2B"));
  return { address: decodeURIComponent(address), subject: params.get("subject"), body: params.get("body") };
};

describe("unsentMailto", () => {
  it("addresses the studio with the visitor's name in the subject and their message in the body", () => {
    const href = unsentMailto("hello@studio.example", {
      name: " Grace Hopper ",
      email: "grace@example.com",
      message: "Line one & more\n\nBudget: 10k + 20%?",
    });
    expect(href.startsWith("mailto:hello@studio.example?subject=")).toBe(true);
    expect(parse(href)).toEqual({
      address: "hello@studio.example",
      subject: "Message from Grace Hopper",
      body: "Name: Grace Hopper\nEmail: grace@example.com\n\nLine one & more\n\nBudget: 10k + 20%?",
    });
    // Spaces are %20, never +, which mail programs would show as a plus.
    expect(href).not.toMatch(/\+/);
  });

  it("still makes a link when nothing but the message was typed", () => {
    expect(parse(unsentMailto("a@b.example", { message: "Hi" }))).toEqual({
      address: "a@b.example",
      subject: "Message from the website",
      body: "Hi",
    });
  });
});
