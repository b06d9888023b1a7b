// Cover images: `npm run images` renders design/images/case-studies/<slug>.svg into public/images/case-studies/.

export type DemoCaseStudy = {
  slug: string;
  title: string;
  client: string;
  industry: string;
  project_insight: string;
  technologies: string[];
  outcomes: [{ label: string; value: string }, { label: string; value: string }, { label: string; value: string }];
  /** Reserved example domains only. */
  website_url?: string;
  image: string;
  image_alt: string;
  /** Distinct, for a stable newest-first order. */
  daysAgo: number;
  /** Slugs of the site's services (app/content/services.ts). */
  services: string[];
  /** Its place in the home page's featured work; none when not featured. */
  featuredOrder?: number;
};

export const demoCaseStudies: DemoCaseStudy[] = [
  {
    slug: "quillstack-growth-campaign",
    title: "Paid and lifecycle campaign that filled a SaaS trial funnel",
    client: "Quillstack",
    industry: "SaaS",
    project_insight:
      "Quillstack, a documentation tool for engineering teams, was spending most of its budget on broad search ads that brought sign-ups who never invited a teammate. We rebuilt targeting around developer communities and retargeting, produced twelve ad variants and three landing pages, and wired a five-email onboarding sequence to in-product events. Weekly A/B tests shifted spend towards the two audiences that activated best.",
    technologies: ["Google Ads", "LinkedIn Ads", "HubSpot", "Google Analytics 4", "Figma"],
    outcomes: [
      { label: "Trial sign-ups", value: "+64%" },
      { label: "Cost per acquisition", value: "-31%" },
      { label: "Trial-to-paid conversion", value: "9.8%" },
    ],
    website_url: "https://example.com/quillstack",
    image: "/images/case-studies/quillstack-growth-campaign-1600.webp",
    image_alt: "A marketing funnel between an email, a target, an ad card and a chart of sign-ups rising",
    daysAgo: 12,
    services: ["digital-marketing", "graphic-design"],
  },
  {
    slug: "tallybridge-mobile-banking-app",
    title: "A mobile banking app for freelancers",
    client: "Tallybridge Money",
    industry: "Fintech",
    project_insight:
      "Tallybridge wanted to give freelancers one place to receive payments, set money aside for tax, and see their monthly cash flow. We designed and built iOS and Android apps from a single React Native codebase, with biometric login, instant payment notifications, and automatic savings pots that split every incoming transfer. Accessibility and security reviews ran in every sprint, and the app went through both store reviews first time.",
    technologies: ["React Native", "TypeScript", "Node.js", "PostgreSQL", "Plaid API"],
    outcomes: [
      { label: "Active users after 6 months", value: "48k" },
      { label: "App Store rating", value: "4.8★" },
      { label: "Support tickets per user", value: "-42%" },
    ],
    website_url: "https://example.com/tallybridge",
    image: "/images/case-studies/tallybridge-mobile-banking-app-1600.webp",
    image_alt: "A banking app on a phone: an account card, a rising cash-flow chart and recent payments, beside a bank card",
    daysAgo: 37,
    services: ["application-development", "ui-ux-design"],
    featuredOrder: 2,
  },
  {
    slug: "stridewell-night-run-campaign",
    title: "Night Run: a video campaign for a running shoe launch",
    client: "Stridewell Athletics",
    industry: "Sports",
    project_insight:
      "For the launch of its reflective trail shoe, Stridewell needed a hero film plus cut-downs for every social placement within three weeks of the shoot. We edited 14 hours of footage into a 60-second hero spot, then delivered 22 vertical, square and widescreen versions with colour grading, motion graphics and licensed music. A shared review workflow cut approval rounds from five to two.",
    technologies: ["Adobe Premiere Pro", "DaVinci Resolve", "After Effects", "Frame.io"],
    outcomes: [
      { label: "Video views in 30 days", value: "2.4M" },
      { label: "Average watch-through rate", value: "71%" },
      { label: "Launch week online sales", value: "+27%" },
    ],
    image: "/images/case-studies/stridewell-night-run-campaign-1600.webp",
    image_alt: "A video editor showing a runner against a sunset, colour sliders and a timeline of clips",
    daysAgo: 68,
    services: ["video-editing", "digital-marketing"],
  },
  {
    slug: "hearth-and-harrow-ecommerce-rebuild",
    title: "Rebuilding a home goods store for speed and mobile",
    client: "Hearth & Harrow Home",
    industry: "Retail",
    project_insight:
      "Hearth & Harrow's ageing storefront took more than six seconds to load on phones, where 70% of its visitors shop. We moved the catalogue of 3,400 products to a headless commerce setup with a server-rendered front end, redesigned product pages around large photography and clear delivery dates, and replaced a four-step checkout with a single page. Redirects for every old URL preserved search rankings through the launch.",
    technologies: ["Remix", "React", "Shopify Storefront API", "Algolia", "Tailwind CSS"],
    outcomes: [
      { label: "Mobile conversion rate", value: "+38%" },
      { label: "Page load time", value: "1.4s" },
      { label: "Cart abandonment", value: "-22%" },
    ],
    website_url: "https://example.com/hearth-and-harrow",
    image: "/images/case-studies/hearth-and-harrow-ecommerce-rebuild-1600.webp",
    image_alt: "A home goods store on a laptop and a phone: a banner with a vase, a grid of products and the basket",
    daysAgo: 103,
    services: ["website-development", "ui-ux-design"],
    featuredOrder: 3,
  },
  {
    slug: "alderbrook-patient-portal",
    title: "Patient portal redesign for a family health network",
    client: "Alderbrook Family Health",
    industry: "Healthcare",
    project_insight:
      "Alderbrook's patients were phoning reception to book appointments because the existing portal buried booking three menus deep. After interviews with 24 patients and front-desk staff, we redesigned the portal around three everyday tasks: booking, repeat prescriptions and messaging a clinician. Every screen was tested with older users and screen-reader users and meets WCAG 2.2 AA.",
    technologies: ["Figma", "Maze", "React", "Storybook", "WCAG 2.2"],
    outcomes: [
      { label: "Appointments booked online", value: "+55%" },
      { label: "Reception call volume", value: "-34%" },
      { label: "Task success in usability tests", value: "94%" },
    ],
    website_url: "https://example.org/alderbrook-health",
    image: "/images/case-studies/alderbrook-patient-portal-1600.webp",
    image_alt: "A patient portal on a tablet: an appointment calendar, a heart-rate chart and a list of upcoming visits",
    daysAgo: 151,
    services: ["website-development", "ui-ux-design", "custom-software-development"],
  },
  {
    slug: "kilnworth-coffee-brand-identity",
    title: "Brand identity and packaging for a specialty coffee roaster",
    client: "Kilnworth Coffee Roasters",
    industry: "Food & Beverage",
    project_insight:
      "Kilnworth was moving from farmers' markets into cafés and grocery shelves and needed a brand that would hold up next to established names. We created a roundel logo built around a single bean, a warm copper and espresso palette, and a packaging system in which one label design flexes across eight single-origin coffees. Cups, loyalty cards and a brand guideline document completed the rollout.",
    technologies: ["Adobe Illustrator", "Adobe InDesign", "Figma", "Photoshop"],
    outcomes: [
      { label: "New wholesale accounts", value: "19" },
      { label: "Retail sell-through in 3 months", value: "+46%" },
      { label: "Packaging print cost", value: "-18%" },
    ],
    website_url: "https://example.com/kilnworth-coffee",
    image: "/images/case-studies/kilnworth-coffee-brand-identity-1600.webp",
    image_alt: "The coffee roaster's identity: a coffee bag, a takeaway cup, business cards, a round bean logo and the colour palette",
    daysAgo: 214,
    services: ["graphic-design"],
  },
  {
    slug: "lanternhill-learning-platform",
    title: "An online course platform for a language academy",
    client: "Lanternhill Academy",
    industry: "Education",
    project_insight:
      "Lanternhill ran its courses through a patchwork of video links, shared drives and spreadsheets. We built a learning platform with video lessons, auto-marked quizzes, progress tracking and a teacher dashboard that highlights students who are falling behind. Lessons download for offline viewing, which mattered for learners on patchy connections.",
    technologies: ["Next.js", "TypeScript", "MongoDB", "Mux Video", "Stripe"],
    outcomes: [
      { label: "Course completion rate", value: "+41%" },
      { label: "Enrolled learners in year one", value: "12k" },
      { label: "Admin hours saved per week", value: "15h" },
    ],
    website_url: "https://example.org/lanternhill",
    image: "/images/case-studies/lanternhill-learning-platform-1600.webp",
    image_alt: "An online course on a laptop: a video lesson, a checklist of finished lessons and a progress ring",
    daysAgo: 287,
    services: ["website-development", "application-development"],
  },
  {
    slug: "corridor-freight-dispatch-platform",
    title: "Custom dispatch and route-planning software for a freight carrier",
    client: "Corridor Freight Systems",
    industry: "Logistics",
    project_insight:
      "Corridor's dispatchers planned 180 daily deliveries on whiteboards and phone calls, so drivers often crossed the region twice. We built a web dispatch console with live vehicle tracking, automatic route optimisation and a driver app for proof of delivery. It connects to their existing warehouse system, and we ran it in parallel with the old process for a month before switching over.",
    technologies: ["TypeScript", "Node.js", "PostgreSQL", "PostGIS", "Mapbox", "React Native"],
    outcomes: [
      { label: "Fuel cost per delivery", value: "-19%" },
      { label: "On-time deliveries", value: "97%" },
      { label: "Planning time per day", value: "-3h" },
    ],
    image: "/images/case-studies/corridor-freight-dispatch-platform-1600.webp",
    image_alt: "A dark dispatch dashboard: a route map with pickup and delivery pins, bar charts and a list of loads",
    daysAgo: 366,
    services: ["custom-software-development"],
    featuredOrder: 1,
  },
];
