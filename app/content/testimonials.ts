export type Testimonial = {
  name: string;
  role: string;
  company: string;
  quote: string;
  /** Rendered by `npm run images` from design/images/testimonials/. */
  avatar: string;
  rating: 5;
};

export const testimonials: readonly Testimonial[] = [
  {
    name: "Sarah Mitchell",
    role: "Operations Director",
    company: "Corridor Freight Systems",
    quote:
      "Northbeam replaced three spreadsheets and a legacy tool with one dispatch platform. Our planners save about ten hours a week, and the team was a pleasure to work with from discovery to launch.",
    avatar: "/images/testimonials/sarah-mitchell.webp",
    rating: 5,
  },
  {
    name: "David Okafor",
    role: "Co-founder and CEO",
    company: "Tallybridge Money",
    quote:
      "They turned a rough idea into a polished banking app for freelancers in four months. Demos every two weeks kept us in control, and the app store reviews speak for themselves.",
    avatar: "/images/testimonials/david-okafor.webp",
    rating: 5,
  },
  {
    name: "Elena Rossi",
    role: "Head of Digital",
    company: "Alderbrook Family Health",
    quote:
      "The redesigned patient portal is faster, accessible and genuinely easy to use. Online bookings doubled within the first quarter and support calls dropped noticeably.",
    avatar: "/images/testimonials/elena-rossi.webp",
    rating: 5,
  },
  {
    name: "James Carter",
    role: "VP of Growth",
    company: "Quillstack",
    quote:
      "Their campaigns filled our trial funnel at a lower cost per lead than we thought possible. Every month we get a clear report on what worked and what they will test next.",
    avatar: "/images/testimonials/james-carter.webp",
    rating: 5,
  },
  {
    name: "Priya Sharma",
    role: "Founder",
    company: "Kilnworth Coffee Roasters",
    quote:
      "From our new identity to the packaging and launch videos, everything felt consistent and considered. Northbeam is now the first team we call for anything creative.",
    avatar: "/images/testimonials/priya-sharma.webp",
    rating: 5,
  },
];
