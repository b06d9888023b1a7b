// docs/behaviour.md#services

type ServiceIcon = "code" | "globe" | "phone" | "video" | "megaphone" | "palette" | "layout";

export type Service = {
  slug: string;
  title: string;
  icon: ServiceIcon;
  shortDescription: string;
  description: string;
  benefits: readonly string[];
  technologies: readonly string[];
  industries?: readonly string[];
  keywords?: readonly string[];
};

export const services: readonly Service[] = [
  {
    slug: "custom-software-development",
    title: "Custom Software Development",
    icon: "code",
    shortDescription: "Software shaped around the way your business actually works, from internal tools to full platforms.",
    description:
      "Off-the-shelf tools rarely fit the way a growing business operates. We design and build custom software that automates your workflows, connects the systems you already use and scales with you. Every engagement starts by mapping your processes, so the product we ship removes real friction instead of adding another tab to your team's day.",
    benefits: [
      "Workflows automated end to end, with fewer manual hand-offs",
      "Clean integrations with your CRM, ERP, payments and data sources",
      "Secure, well-tested code your team owns outright",
      "An architecture that scales as users and data grow",
    ],
    technologies: ["TypeScript", "Node.js", "Python", "PostgreSQL", "MongoDB", "AWS", "Docker"],
    industries: ["Logistics", "Healthcare", "Finance", "Manufacturing"],
    keywords: ["custom software", "workflow automation", "system integration", "SaaS platforms"],
  },
  {
    slug: "website-development",
    title: "Website Development",
    icon: "globe",
    shortDescription: "Fast, accessible websites that turn visitors into enquiries and are easy for your team to update.",
    description:
      "Your website is often the first conversation a client has with you. We build responsive, search-friendly sites that load quickly on any connection, meet accessibility standards and plug into the tools your marketing team relies on. A content management setup tailored to your team keeps pages fresh without waiting on a developer.",
    benefits: [
      "Top Core Web Vitals scores and quick loading on mobile",
      "Accessible by design, following WCAG 2.1 AA",
      "Technical SEO and structured data built in from day one",
      "A CMS your team can update without writing code",
    ],
    technologies: ["React", "Remix", "Next.js", "Tailwind CSS", "WordPress", "Headless CMS"],
    industries: ["Professional services", "Hospitality", "Education", "Non-profits"],
    keywords: ["responsive websites", "web performance", "technical SEO", "content management"],
  },
  {
    slug: "application-development",
    title: "Application Development",
    icon: "phone",
    shortDescription: "Native-quality mobile and web apps, from first prototype to launch in the app stores.",
    description:
      "We take app ideas from whiteboard to the App Store and Google Play. Our team validates the concept with clickable prototypes, builds a cross-platform codebase that feels native on every device and sets up the analytics, crash reporting and release pipeline you need to keep improving after launch.",
    benefits: [
      "One codebase for iOS and Android without compromising on feel",
      "Offline support, push notifications and secure sign-in",
      "Automated builds, testing and store releases",
      "Product analytics to guide every release after launch",
    ],
    technologies: ["React Native", "Swift", "Kotlin", "Flutter", "Firebase", "GraphQL"],
    industries: ["Retail", "Fitness and wellness", "Fintech", "Transport"],
    keywords: ["mobile apps", "iOS", "Android", "cross-platform development"],
  },
  {
    slug: "video-editing",
    title: "Video Editing",
    icon: "video",
    shortDescription: "Story-driven edits, motion graphics and social cuts that keep viewers watching.",
    description:
      "Good footage deserves a story that holds attention. Our editors shape raw material into brand films, product demos, testimonials and short-form social content, adding motion graphics, colour grading and sound design. Every project is delivered in the formats and aspect ratios each platform expects.",
    benefits: [
      "Pacing and structure that hold attention to the last frame",
      "Consistent colour, sound and branded motion graphics",
      "Cut-downs for Reels, Shorts and TikTok from a single shoot",
      "Captions and subtitles for accessibility and silent autoplay",
    ],
    technologies: ["Adobe Premiere Pro", "After Effects", "DaVinci Resolve", "Final Cut Pro", "Audition"],
    industries: ["Consumer brands", "Events", "Education", "Real estate"],
    keywords: ["video editing", "motion graphics", "social video", "colour grading"],
  },
  {
    slug: "digital-marketing",
    title: "Digital Marketing",
    icon: "megaphone",
    shortDescription: "Campaigns across search, social and email, measured against the numbers that matter to you.",
    description:
      "We plan and run digital campaigns that bring in qualified leads rather than vanity metrics. From search engine optimisation and paid media to email journeys and conversion rate optimisation, every channel is tracked back to revenue, and you get a clear monthly report on what worked and what we will test next.",
    benefits: [
      "Strategy grounded in research on your audience and competitors",
      "Paid campaigns optimised for cost per lead, not clicks",
      "Transparent dashboards and monthly performance reviews",
      "Continuous A/B testing of landing pages and creative",
    ],
    technologies: ["Google Ads", "Meta Ads", "Google Analytics 4", "Search Console", "HubSpot", "Mailchimp"],
    industries: ["E-commerce", "B2B SaaS", "Local services", "Hospitality"],
    keywords: ["SEO", "PPC", "social media marketing", "email marketing", "conversion optimisation"],
  },
  {
    slug: "graphic-design",
    title: "Graphic Design",
    icon: "palette",
    shortDescription: "Brand identities and marketing assets that look consistent everywhere your customers see you.",
    description:
      "A recognisable brand builds trust before anyone reads a word. We craft logos, visual identities and brand guidelines, then carry them through to everything you publish: pitch decks, social templates, packaging, signage and print. You receive organised source files and templates so your team can stay on brand.",
    benefits: [
      "A distinctive visual identity with clear usage guidelines",
      "Ready-to-use templates for social posts, decks and documents",
      "Print-ready and screen-ready files in every format you need",
      "Consistent design across every channel and campaign",
    ],
    technologies: ["Adobe Illustrator", "Photoshop", "InDesign", "Figma", "Canva templates"],
    industries: ["Start-ups", "Food and beverage", "Retail", "Events"],
  },
  {
    slug: "ui-ux-design",
    title: "UI/UX Design",
    icon: "layout",
    shortDescription: "Research-led interfaces that make complex products feel simple and pleasant to use.",
    description:
      "Great products feel obvious to their users. We combine user research, information architecture and interaction design to create interfaces that reduce support requests and lift conversion. Prototypes are tested with real users before a line of production code is written, and we hand over a documented design system your developers can build on.",
    benefits: [
      "Decisions backed by user interviews and usability testing",
      "Clickable prototypes that validate ideas before development",
      "A reusable design system for faster, consistent delivery",
      "Accessible interfaces that work for every user",
    ],
    technologies: ["Figma", "FigJam", "Maze", "Framer", "Storybook"],
    keywords: ["user research", "wireframing", "prototyping", "design systems", "usability testing"],
  },
];

export const teaserServiceSlugs = [
  "custom-software-development",
  "website-development",
  "application-development",
  "digital-marketing",
] as const;
