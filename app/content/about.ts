// docs/behaviour.md#about

import { studioFigures, yearsInBusiness } from "./site";

export type Achievement = { value: string; label: string; detail: string };
export type ApproachPillar = { title: string; text: string; points: readonly string[] };
export type TeamMember = {
  id: string;
  name: string;
  role: string;
  bio: string;
  /** `<image>-320.webp` and `<image>-640.webp` exist (4:5). */
  image: string;
  expertise: readonly string[];
  profileUrl: string;
};

export const about = {
  eyebrow: "About us",
  title: "A small senior team that designs, builds and grows digital products",
  intro:
    "Northbeam Studio brings engineers, designers, video editors and marketers into one team, so ambitious organisations can go from idea to launch, and from launch to growth, without juggling agencies.",
  mission: {
    title: "Our mission",
    text: "To help organisations of every size turn good ideas into dependable digital products: software that runs the business, websites and apps people enjoy using, and brands and campaigns that earn attention honestly.",
  },
  vision: {
    title: "Our vision",
    text: "A world where great digital work is not reserved for the biggest budgets, where every team can count on a partner that is candid about trade-offs, careful with its craft and measured by the results it delivers.",
  },
  approach: {
    title: "How we work",
    text: "Every engagement starts with understanding the business problem, not the feature list. We work in short, visible iterations with one shared backlog, demo working software every two weeks and keep the people who design a product close to the people who build and market it.",
  },
} as const;

export const achievements: readonly Achievement[] = [
  {
    value: studioFigures.projectsDelivered,
    label: "Projects delivered",
    detail: `Products, sites and campaigns launched since ${studioFigures.founded}`,
  },
  { value: String(yearsInBusiness()), label: "Years in business", detail: `An independent studio since ${studioFigures.founded}` },
  { value: studioFigures.clientSatisfaction, label: "Client satisfaction", detail: "Average rating in post-project reviews" },
  { value: studioFigures.countriesServed, label: "Countries served", detail: "Clients across North America and Europe" },
];

export const approachPillars: readonly ApproachPillar[] = [
  {
    title: "Strategy before pixels",
    text: "We start with discovery workshops, user research and a clear definition of success, so every design and line of code serves a measurable goal.",
    points: ["Discovery and stakeholder workshops", "Success metrics agreed up front", "A roadmap sized to your budget"],
  },
  {
    title: "Craft in the open",
    text: "One multidisciplinary team works in two-week iterations with a shared backlog. You see progress in every demo and can change course early, while it is still cheap.",
    points: ["Fortnightly demos of working software", "Accessible, tested and documented work", "Direct access to the people doing it"],
  },
  {
    title: "Partners after launch",
    text: "Launch is the beginning. We measure real usage, tune performance and campaigns, and keep improving the product with you for as long as it keeps paying off.",
    points: ["Analytics and conversion tracking", "Support and maintenance plans", "Quarterly growth reviews"],
  },
];

export const team: readonly TeamMember[] = [
  {
    id: "maya-okafor",
    name: "Maya Okafor",
    role: "Founder & Managing Director",
    bio: "Maya founded Northbeam after a decade leading digital programmes for retail and healthcare brands. She shapes every engagement's strategy and keeps projects honest about scope, budget and outcomes.",
    image: "/images/team/maya-okafor",
    expertise: ["Digital strategy", "Product management", "Client partnerships", "Growth marketing"],
    profileUrl: "https://www.linkedin.com/in/maya-okafor-northbeam",
  },
  {
    id: "daniel-reyes",
    name: "Daniel Reyes",
    role: "Head of Engineering",
    bio: "Daniel leads the engineers behind our custom software, web platforms and mobile apps. He has built systems for logistics, fintech and education, and cares about software that is simple to run and change.",
    image: "/images/team/daniel-reyes",
    expertise: ["Software architecture", "Web and mobile development", "Cloud infrastructure", "Security and performance"],
    profileUrl: "https://www.linkedin.com/in/daniel-reyes-northbeam",
  },
  {
    id: "lena-brandt",
    name: "Lena Brandt",
    role: "Creative Director",
    bio: "Lena directs design and video at the studio, from brand identities and UI/UX to campaign films. She makes sure everything we ship looks considered, reads clearly and works for everyone.",
    image: "/images/team/lena-brandt",
    expertise: ["Brand identity", "UI/UX design", "Video editing and motion", "Accessibility"],
    profileUrl: "https://www.linkedin.com/in/lena-brandt-northbeam",
  },
];
