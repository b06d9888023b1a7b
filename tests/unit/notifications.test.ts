import { describe, expect, it } from "vitest";
import { escapeHtml, leadReplyMail, messageLink, newMessageMail, oneLine, replyDraft } from "~/domain/notifications";

const base = {
  siteUrl: "https://studio.example",
  siteName: "Northbeam Studio",
  message: {
    id: "665f1c2b9d3e4a0012345678",
    name: "Grace Hopper",
    email: "grace@example.com",
    message: "We need a new booking app.\nBudget: 10k.\r\n\r\nThanks!",
    created_at: "2026-03-05T14:07:00.000Z",
  },
};

describe("newMessageMail", () => {
  it("names the sender in the subject and replies to the visitor", () => {
    const mail = newMessageMail(base);
    expect(mail.subject).toBe("New message from Grace Hopper");
    expect(mail.replyTo).toBe("grace@example.com");
  });

  it("has the name, email, time, message with its line breaks and the link in the text part", () => {
    const { text } = newMessageMail(base);
    expect(text).toContain("Name: Grace Hopper\nEmail: grace@example.com\n");
    expect(text).toContain("Sent: 5 Mar 2026, 14:07 UTC\n");
    // In the studio's zone once it has one (docs/behaviour.md#time-zone).
    expect(newMessageMail({ ...base, timeZone: "Europe/Berlin" }).text).toContain("Sent: 5 Mar 2026, 15:07 CET\n");
    expect(text).toContain("Message:\nWe need a new booking app.\nBudget: 10k.\n\nThanks!\n");
    expect(text).toContain("Open it in the dashboard: https://studio.example/dashboard/messages#message-665f1c2b9d3e4a0012345678");
  });

  it("keeps the message's line breaks in the HTML part and links to the message", () => {
    const { html } = newMessageMail(base);
    expect(html).toContain("<p>We need a new booking app.<br>\nBudget: 10k.<br>\n<br>\nThanks!</p>");
    expect(html).toContain(
      '<a href="https://studio.example/dashboard/messages#message-665f1c2b9d3e4a0012345678">Open it in the dashboard</a>',
    );
    expect(html).toContain('<a href="mailto:grace@example.com">grace@example.com</a>');
  });

  it("escapes every visitor value in the HTML part", () => {
    const { html, text, subject } = newMessageMail({
      ...base,
      message: {
        ...base.message,
        name: `<script>alert("x")</script> & 'Co'`,
        email: `o'brien+"x"@example.com`,
        message: `<img src=x onerror=alert(1)>\nTom & Jerry say "hi" & 'bye' </p><a href="//evil">`,
      },
    });
    expect(html).not.toMatch(/<script|<img|<a href="\/\/evil|onerror=alert\(1\)>/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;");
    expect(html).toContain(
      "&lt;img src=x onerror=alert(1)&gt;<br>\nTom &amp; Jerry say &quot;hi&quot; &amp; &#39;bye&#39; &lt;/p&gt;&lt;a href=&quot;//evil&quot;&gt;",
    );
    expect(html).toContain('href="mailto:o&#39;brien+&quot;x&quot;@example.com"');
    // The text part is plain text: shown as typed.
    expect(text).toContain(`Name: <script>alert("x")</script> & 'Co'`);
    expect(subject).toBe(`New message from <script>alert("x")</script> & 'Co'`);
  });

  it("keeps a name with line breaks on one line in the subject and the text part", () => {
    const mail = newMessageMail({ ...base, message: { ...base.message, name: "Eve\r\nBcc: victim@example.com\tX" } });
    expect(mail.subject).toBe("New message from Eve Bcc: victim@example.com X");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("Name: Eve Bcc: victim@example.com X\n");
  });
});

describe("helpers", () => {
  it("escapeHtml escapes the five characters that matter", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
  });

  it("oneLine turns control characters into single spaces", () => {
    expect(oneLine(" a\r\n\r\nb\u2028c\u0000d  e ")).toBe("a b c d e");
  });

  it("messageLink points at the message's entry in the inbox, whatever the trailing slash", () => {
    expect(messageLink("http://localhost:3000/", "abc")).toBe("http://localhost:3000/dashboard/messages#message-abc");
  });
});

describe("a reply to a lead", () => {
  it("starts from a subject and the message quoted line by line, below room to write", () => {
    const draft = replyDraft(
      { name: "Grace\nHopper", message: "We need an app.\r\n\r\nThanks!", created_at: "2026-11-26T14:03:00Z" },
      "Northbeam Studio",
    );
    expect(draft.subject).toBe("Re: your message to Northbeam Studio");
    expect(draft.body).toBe(`\n\nOn 26 Nov 2026, 14:03 UTC, Grace Hopper wrote:\n> We need an app.\n>\n> Thanks!\n`);
  });

  it("is mailed as typed, its subject on one line and its HTML part escaped", () => {
    const mail = leadReplyMail({ subject: "Your app\r\nBcc: x@evil.test", body: "Hi <Grace> & team\r\nBest" });
    expect(mail.subject).toBe("Your app Bcc: x@evil.test");
    expect(mail.text).toBe("Hi <Grace> & team\nBest");
    expect(mail.html).toContain("Hi &lt;Grace&gt; &amp; team<br>\nBest");
    expect(mail.html).not.toContain("<Grace>");
  });
});
