// The demo case studies' summaries, Challenge/Approach/Result (Markdown) and galleries, by the slug of
// demo-case-studies.ts. Gallery images: `npm run images` renders design/images/case-studies/gallery/<slug>-<n>.svg.

type DemoStory = {
  summary: string;
  challenge: string;
  approach: string;
  result: string;
  gallery: { alt: string; caption?: string }[];
};

/** The demo gallery image `n` (from 1) of a study, as stored: its 1600 px variant. */
export const demoGalleryImage = (slug: string, n: number) => `/images/case-studies/gallery/${slug}-${n}-1600.webp`;

export const demoStories: Record<string, DemoStory> = {
  "quillstack-growth-campaign": {
    summary:
      "Paid search, community ads and a five-email onboarding sequence that brought Quillstack trial sign-ups who actually invite their team.",
    challenge: `Quillstack's ads brought plenty of sign-ups, but **most never invited a teammate**, and a documentation tool used alone rarely becomes a paid plan.

- 70% of the budget went on broad search terms
- No onboarding email after the first welcome message
- Nobody could say which channel brought teams that stayed`,
    approach: `We started from the accounts that *did* convert and worked backwards.

1. **Audiences**: developer communities, retargeting of docs visitors, and lookalikes of paying teams
2. **Creative**: twelve ad variants and three landing pages, one per use case
3. **Lifecycle**: five emails triggered by what people did in the product, not by the calendar

Every week an A/B test moved spend towards what activated best. The playbook is in [our guide to trial funnels](https://example.com/guides/trial-funnels).`,
    result: `Within a quarter, sign-ups rose by **64%** while the cost per acquisition fell by 31%.

### What changed for the team

Marketing now reports activated teams rather than sign-ups, and the onboarding sequence runs without anyone touching it.`,
    gallery: [
      {
        alt: "Four ad variants side by side, each with an illustration, a headline and a call-to-action button",
        caption: "Community ads, first round",
      },
      { alt: "Four more ad variants in the campaign's second colour scheme", caption: "The round that won the A/B test" },
      { alt: "A landing page with a headline, a sign-up button, a large illustration and three feature cards" },
      { alt: "The second landing page, for documentation teams, with the illustration on the right" },
      { alt: "The third landing page, for engineering managers, with a wider hero image" },
      {
        alt: "The welcome email: a coloured header, a short message and a button to invite a teammate",
        caption: "Email 1: invite your team",
      },
      { alt: "The second onboarding email with a tip and a button", caption: "Email 2: first page published" },
      { alt: "The third onboarding email with a progress summary", caption: "Email 3: weekly summary" },
      { alt: "A flow chart of the onboarding journey from sign-up to a paid plan, five connected steps" },
      { alt: "A bar chart of weekly trial sign-ups rising over nine weeks, with a trend line", caption: "Weekly sign-ups" },
      { alt: "A bar chart of cost per acquisition by week, with the last week highlighted" },
      { alt: "The campaign's colour palette: five swatches and the type scale" },
    ],
  },
  "tallybridge-mobile-banking-app": {
    summary: "One React Native codebase gave freelancers an iOS and Android bank that sets tax money aside on every payment.",
    challenge: `Freelancers juggle irregular income, tax bills and several accounts. Tallybridge wanted **one app** that made the next tax bill a non-event, without the look and feel of a spreadsheet.`,
    approach: `- Biometric sign-in and instant payment notifications from day one
- *Savings pots* that split each incoming transfer automatically
- Accessibility and security reviews in every sprint, not at the end

We shipped to both stores from a single codebase, with native modules only where the platforms differ.`,
    result: `Both store reviews passed first time. Six months after launch the app had **48,000 active users**, a 4.8 rating, and 42% fewer support tickets per user than the bank's web app.`,
    gallery: [
      {
        alt: "Three phone screens: the account overview, a cash-flow chart and a list of payments",
        caption: "Home, cash flow and payments",
      },
      { alt: "A flow chart of a payment arriving and being split into tax and savings pots" },
      { alt: "A bar chart of monthly active users growing over nine months" },
    ],
  },
  "stridewell-night-run-campaign": {
    summary: "A 60-second hero film and 22 cut-downs for every social placement, delivered within three weeks of the shoot.",
    challenge: `Fourteen hours of night-time footage, one reflective shoe and a launch date that could not move. Every placement needed its own cut: vertical, square and widescreen.`,
    approach: `We built the hero spot first, then a **cut-down plan** mapping every shot to each format. Colour grading kept the reflective details readable in the dark, and a shared review workflow brought approval rounds from five to two.`,
    result: `**2.4 million views** in thirty days, a 71% average watch-through rate, and online sales up 27% in launch week.`,
    gallery: [
      { alt: "Four social ad frames in orange and yellow, each with a runner graphic and a button", caption: "Social cut-downs" },
      { alt: "Three phone screens showing the vertical versions of the film" },
    ],
  },
  "hearth-and-harrow-ecommerce-rebuild": {
    summary: "A headless storefront that loads in 1.4 seconds on phones, where 70% of Hearth & Harrow's customers shop.",
    challenge: `The old storefront took more than six seconds to load on a phone, and its checkout had four steps. With 3,400 products and years of search rankings, a rebuild could not afford to lose a single URL.`,
    approach: `1. Catalogue moved to a headless commerce setup with a server-rendered front end
2. Product pages redesigned around large photography and clear delivery dates
3. A one-page checkout
4. A redirect for every old URL, tested before launch`,
    result: `Mobile conversion rose by **38%** and cart abandonment fell by 22%; search traffic held steady through the switch.`,
    gallery: [
      { alt: "The new home page on a desktop browser: a banner, a call-to-action and product cards", caption: "Home page" },
      { alt: "Three phone screens of the store: a product, the basket and the one-page checkout" },
      { alt: "A bar chart of mobile conversion rate by week after the launch" },
    ],
  },
  "alderbrook-patient-portal": {
    summary: "A patient portal redesigned around booking, repeat prescriptions and messaging, tested with older and screen-reader users.",
    challenge: `Booking an appointment took three menus, so patients phoned reception instead. Any redesign had to work for *every* patient, including those using screen readers.`,
    approach: `We interviewed 24 patients and front-desk staff, then designed the portal around three everyday tasks. Each screen was tested with older users and screen-reader users and meets **WCAG 2.2 AA**.`,
    result: `Online bookings rose by 55% and calls to reception fell by a third; 94% of tasks succeeded in the final usability tests.`,
    gallery: [
      { alt: "The portal's home screen in a browser: a greeting, a booking button and upcoming appointments" },
      { alt: "A journey map of booking an appointment, five connected steps", caption: "Booking, from five steps to three" },
    ],
  },
  "kilnworth-coffee-brand-identity": {
    summary: "A roundel logo, a copper and espresso palette and one label system that flexes across eight single-origin coffees.",
    challenge: `Kilnworth was moving from farmers' markets onto grocery shelves, next to brands with decades of recognition, and needed packaging that printed affordably in small runs.`,
    approach: `- A roundel logo built around a single bean
- A warm palette of copper, espresso and cream
- **One label design** whose colour band changes per origin, so eight coffees share one print plate`,
    result: `Nineteen new wholesale accounts, retail sell-through up 46% in three months, and packaging print costs down 18%.`,
    gallery: [
      { alt: "The brand palette: copper, amber, green, espresso and cream swatches with the logo", caption: "Palette and logo" },
      { alt: "Four label variants side by side, each with a different colour band" },
    ],
  },
  "lanternhill-learning-platform": {
    summary: "Video lessons, auto-marked quizzes and a teacher dashboard that spots students falling behind, offline-ready.",
    challenge: `Courses lived in video links, shared drives and spreadsheets. Teachers could not see who was struggling until the exam, and many learners had patchy connections.`,
    approach: `We built one platform: video lessons that **download for offline viewing**, quizzes marked automatically, and a dashboard that flags students who fall behind.`,
    result: `Course completion rose by 41%; 12,000 learners enrolled in the first year, and admins saved 15 hours a week.`,
    gallery: [
      { alt: "The course page in a browser: a lesson video, a lesson list and course cards" },
      { alt: "Three phone screens of the learning app: a lesson, a quiz and progress" },
    ],
  },
  "corridor-freight-dispatch-platform": {
    summary: "A dispatch console with live tracking and route optimisation that replaced whiteboards for 180 daily deliveries.",
    challenge: `Dispatchers planned 180 deliveries a day on whiteboards and phone calls, so drivers often crossed the region twice. The warehouse system had to stay.`,
    approach: `A web console with live vehicle tracking and **automatic route optimisation**, a driver app for proof of delivery, and a connection to the existing warehouse system. We ran both processes in parallel for a month before switching.`,
    result: `Fuel cost per delivery fell by 19%, on-time deliveries reached 97%, and planning takes three hours less each day.`,
    gallery: [
      { alt: "A bar chart of on-time deliveries by week with a trend line" },
      { alt: "A diagram of the dispatch flow from order to proof of delivery", caption: "From order to proof of delivery" },
    ],
  },
};
