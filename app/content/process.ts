export type ProcessStep = { title: string; description: string };

export const processSteps: readonly ProcessStep[] = [
  {
    title: "Discovery",
    description: "We learn about your business, your users and your goals, and agree on what success looks like.",
  },
  {
    title: "Planning",
    description: "Scope, milestones, budget and the technical approach, written down so everyone knows what ships when.",
  },
  {
    title: "Design",
    description: "Wireframes, visual design and clickable prototypes, tested with real users before we build.",
  },
  {
    title: "Development",
    description: "Two-week sprints, each ending in a demo of working software, so you can see progress and steer early.",
  },
  {
    title: "Testing",
    description: "Automated tests, accessibility and performance checks, and hands-on QA across devices.",
  },
  {
    title: "Launch",
    description: "A smooth release, monitoring from day one and ongoing support as your product grows.",
  },
];
