/** Fixed facts about the studio shown across the site. */
export const site = {
  name: "Northbeam Studio",
  tagline: "Software, web, apps, design, video and marketing under one roof.",
  blurb:
    "We are a digital services studio that designs, builds and grows products: custom software, websites, mobile apps, brand design, video and digital marketing.",
} as const;
