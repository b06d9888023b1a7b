import { site } from "./site";

// Each body is Markdown (CommonMark, rendered by app/components/markdown.tsx): the introduction, then one `## heading`
// per section. `{#id}` at a heading's end keeps the address of its section (/privacy#cookies) whatever its wording.

export type LegalDocument = {
  path: "/privacy" | "/terms" | "/disclaimer";
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD) shown as "Last updated". */
  lastUpdated: string;
  body: string;
};

export const privacyPolicy: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  description: `How ${site.name} collects, uses and protects personal data, which cookies this website sets, and the rights you have under the GDPR.`,
  lastUpdated: "2026-11-28",
  body: `This policy explains what personal data ${site.name} ("we", "us") collects through this website, why we collect it, how long we keep it and the choices you have. We collect as little as we can and never sell personal data.

## Who is responsible for your data {#who-we-are}

${site.name} is the controller of the personal data described in this policy. For any question about privacy, or to exercise your rights, write to <${site.email}>. We answer within one month.

## The data we collect {#data-we-collect}

When you send us a message through the contact form, we keep:

- your name;
- your email address;
- your message, and the date and time you sent it;
- how your visit began and the pages of this website you viewed before writing, if your browser carried our visit cookie (see [Cookies and tracking](#cookies)).

The form also asks you to solve a simple sum to keep automated spam out. The answer is checked and discarded; it is not stored.

If you write to us by email or WhatsApp, we receive the details you choose to share in that conversation, such as your name, phone number and what you tell us about your project.

Like any web server, ours briefly records technical data needed to deliver pages and keep the site secure: IP address, browser type, requested page and time. These logs are kept for no more than 30 days.

## How and why we use it {#how-we-use-data}

We use your data only to:

- reply to your enquiry and discuss a possible project (steps taken at your request before a contract, GDPR Art. 6(1)(b));
- keep a record of our correspondence and protect the website against abuse (our legitimate interests, Art. 6(1)(f));
- meet legal obligations, for example accounting rules once you become a client (Art. 6(1)(c)).

We do not use your data for automated decision-making or profiling, and we do not send marketing emails unless you have asked to receive them.

## Cookies and tracking {#cookies}

We set no advertising cookies and share no cookie with anyone. Besides the cookies this website needs to work, it sets one of its own that remembers your visit:

- a visit cookie, \`__visit\`, so that a message you send tells us what brought you: the first page of your visit on this website, the name of the website that sent you there (its host name only, such as www.google.com), the campaign labels in that first page's address (\`utm_source\`, \`utm_medium\`, \`utm_campaign\`, \`utm_term\`, \`utm_content\`), and the addresses of the last 20 pages of this website you opened, with the time of each. It holds nothing you typed, no search or query text, and nothing about other websites. It stays in your browser (each page view is not stored on our side) and reaches us only with a message you send, which then stores it and deletes the cookie. It expires 30 days after the last page you viewed. It is signed so that it cannot be altered, and marked HttpOnly so scripts cannot read it. **To avoid it**, turn on Global Privacy Control or Do Not Track in your browser: we then never set it. You can also delete it at any time like any cookie.

The other cookies are strictly necessary for the website to work, so they do not require consent:

- a session cookie for administrators who sign in to manage the site. It is signed, marked HttpOnly so scripts cannot read it, and expires four hours after signing in. Visitors who do not sign in never receive it;
- a small cookie that carries one-line confirmation messages, such as "Logged out successfully", from one page to the next. It holds no personal data and is discarded when you close your browser.

This website does not load third-party analytics, advertising or social media tracking by default. If we ever configure such a tool, such as a tag manager or a session-recording service, we will list it in this section, explain what it collects and ask for your consent where the law requires it before it runs.

Links to our profiles on LinkedIn, Facebook, Instagram and WhatsApp are plain links: those services only receive data if you follow them, under their own privacy policies.

## Who we share it with {#sharing}

We share personal data only with service providers that help us run the website and our business, such as our hosting and email providers. They act on our instructions under data processing agreements and may not use the data for their own purposes.

Some providers may process data outside the European Economic Area. Where they do, we rely on an adequacy decision or the European Commission's Standard Contractual Clauses to protect it.

We disclose data to authorities only when the law requires us to.

## How long we keep it {#retention}

Contact form messages and related correspondence are kept for up to 24 months after our last exchange, then deleted, unless they lead to a project, in which case they become part of the client file and are kept for as long as tax and accounting law requires.

## How we protect it {#security}

The website is served over HTTPS, access to stored messages is limited to our administrators, passwords are stored only as strong one-way hashes, and administrator sessions expire automatically. No method of transmission or storage is perfectly secure, but we review our safeguards regularly.

## Your rights

Under the General Data Protection Regulation (GDPR) and similar laws you have the right to:

- access the personal data we hold about you and receive a copy;
- have inaccurate data corrected;
- have your data erased;
- restrict or object to how we process it;
- receive your data in a portable format;
- withdraw any consent you have given, at any time.

To use any of these rights, email <${site.email}>. You also have the right to lodge a complaint with the data protection authority where you live or work, although we would appreciate the chance to address your concern first.

## Children

This website is meant for businesses and is not directed at children under 16. We do not knowingly collect their personal data.

## Changes to this policy {#changes}

We may update this policy when our services or the law change. The "Last updated" date at the top shows when it last changed; significant changes will also be highlighted on this page.
`,
};

export const termsOfService: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  description: `The terms that apply when you use the ${site.name} website and when you engage the studio for software, web, app, design, video or marketing services.`,
  lastUpdated: "2026-11-02",
  body: `These terms apply to your use of this website and, unless a signed agreement says otherwise, to the services ${site.name} provides. By using the website or engaging us, you agree to them.

## Using this website {#website-use}

You may browse the website and share its pages for any lawful purpose. You agree not to:

- attempt to access parts of the website that are not meant for the public, such as the administrator dashboard;
- interfere with the website's security or operation, or overload it with automated requests;
- use the contact form to send spam, unlawful content or malware.

## Proposals and engagements {#engagements}

Each project starts with a written proposal or statement of work describing its scope, deliverables, timeline and fees. Work begins once both parties have accepted it. If a proposal or signed agreement conflicts with these terms, the proposal or agreement prevails.

Changes to the agreed scope are handled through a written change request, including any effect on timeline and fees.

## Your responsibilities {#client-responsibilities}

Good results depend on collaboration. You agree to provide timely feedback, access to the people, systems and content we need, and to confirm that any material you give us (text, images, logos, data) may lawfully be used in the project. Delays in feedback or materials may move the timeline.

## Fees and payment {#fees}

Fees, milestones and payment terms are set out in each proposal. Unless agreed otherwise, invoices are due within 30 days. We may pause work on overdue accounts after giving written notice. Fees exclude applicable taxes and third-party costs such as licences, hosting, stock media or advertising spend, which are agreed in advance.

## Intellectual property

Once paid in full, you own the deliverables created specifically for you, including designs, custom code, videos and campaign assets.

We keep ownership of our pre-existing tools, libraries and know-how, and grant you a perpetual, non-exclusive licence to use any of them that are included in your deliverables. Open-source components remain under their own licences.

Unless you ask us not to, we may mention you as a client and show the work in our portfolio and case studies, without revealing confidential information.

The content of this website, including text, graphics and code, belongs to ${site.name} or its licensors and may not be reused without permission.

## Confidentiality

Each party keeps the other's non-public business information confidential and uses it only for the project, during the engagement and afterwards. This does not apply to information that is already public or that must be disclosed by law.

## Warranties

We perform our services with reasonable skill and care, following good industry practice. We fix defects in custom software reported within 30 days of delivery at no charge. We cannot guarantee specific business results, such as rankings, traffic or sales, because they depend on factors outside our control.

## Limitation of liability {#liability}

To the extent permitted by law, neither party is liable for indirect or consequential losses, such as lost profits or data, and our total liability for any project is limited to the fees paid for that project in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.

The website is provided "as is". We aim to keep it available and accurate but do not promise that it will be uninterrupted or error-free. Please read our [Disclaimer](/disclaimer).

## Ending an engagement {#termination}

Either party may end an engagement with 30 days' written notice, or immediately if the other party materially breaches these terms and does not fix the breach within 14 days of notice. You pay for work done up to the end date, and we hand over all completed deliverables that have been paid for.

## Privacy

Our [Privacy Policy](/privacy) explains how we handle personal data you share through this website or during a project.

## Governing law and changes {#law}

These terms are governed by the laws of the State of New York, without regard to its conflict-of-law rules, and disputes are handled by the courts located there, unless the mandatory consumer protection law of your country says otherwise.

We may update these terms from time to time; the version published here applies from its "Last updated" date. Questions about these terms are welcome at <${site.email}>.
`,
};

export const disclaimer: LegalDocument = {
  path: "/disclaimer",
  title: "Disclaimer",
  description: `The limits of the information published on the ${site.name} website: general information, case studies and testimonials, external links and professional advice.`,
  lastUpdated: "2026-11-02",
  body: `The information on this website is published by ${site.name} in good faith and for general information only. Please read this disclaimer before relying on it.

## General information only {#general-information}

Articles, service descriptions and other content on this website describe our work in general terms. They are not professional, legal, financial or technical advice for your situation. Before acting on anything you read here, speak to us or another qualified adviser about your specific needs.

## Accuracy and availability {#accuracy}

We work to keep the content accurate and up to date, but we make no guarantee that it is complete, current or free from errors, and we may change it at any time without notice. Prices, timelines and technologies mentioned are indicative; the proposal for your project is what counts.

## Case studies and testimonials {#results}

Case studies, figures and testimonials describe the results of specific projects for specific clients. Every business is different, so they are not a promise that your project will achieve the same outcome. Testimonials reflect the personal views of the clients who gave them.

## External links

This website links to other websites, such as our social media profiles, client websites and messaging services. We do not control them and are not responsible for their content, availability or privacy practices. A link is not an endorsement.

## Trademarks

Product names, logos and brands shown on this website, including those of our clients and of third-party technologies, belong to their respective owners and are used for identification only.

## Limitation of liability {#liability}

To the fullest extent permitted by law, we are not liable for any loss or damage arising from your use of this website or your reliance on its content. This does not affect liability that cannot be excluded by law, or our obligations under a signed agreement. Our [Terms of Service](/terms) and [Privacy Policy](/privacy) also apply.

If you spot an error or have a question about this disclaimer, please tell us at <${site.email}>.
`,
};
