// docs/behaviour.md#captcha; the signed challenge is made and checked in ~/server/captcha.server.ts.

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;

export type CaptchaChallenge = { a: number; b: number; token: string };

export const captchaFields = { answer: "captchaAnswer", token: "captchaToken" } as const;

export function drawOperand(random: () => number = Math.random): number {
  return CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));
}

export function isOperand(value: number): boolean {
  return Number.isInteger(value) && value >= CAPTCHA_MIN && value <= CAPTCHA_MAX;
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

export function isCorrectSum(a: number, b: number, answer: string): boolean {
  const digits = digitsOnly(answer);
  if (digits === "" || digits.length > 3) return false;
  return Number(digits) === a + b;
}

export function captchaQuestion(a: number, b: number): string {
  return `What is ${a} + ${b}?`;
}
