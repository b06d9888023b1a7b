/**
 * The contact form's math captcha (docs/behaviour.md#captcha): the parts the browser also needs.
 * The signed challenge itself is made and checked in ~/server/captcha.server.ts.
 */

/** Each operand is an integer from 1 to 10 inclusive. */
export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;

/** What the form shows and posts back: the operands and the server's signed token for them. */
export type CaptchaChallenge = { a: number; b: number; token: string };

/** Field names shared by the form and the action. */
export const captchaFields = { answer: "captchaAnswer", token: "captchaToken" } as const;

/** An integer in [CAPTCHA_MIN, CAPTCHA_MAX] from a source of uniform numbers in [0, 1). */
export function drawOperand(random: () => number = Math.random): number {
  return CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));
}

export function isOperand(value: number): boolean {
  return Number.isInteger(value) && value >= CAPTCHA_MIN && value <= CAPTCHA_MAX;
}

/** The answer field keeps digits only; anything else typed or pasted is dropped. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/** Whether `answer` (as typed) is the sum of the two operands. An empty answer is never right. */
export function isCorrectSum(a: number, b: number, answer: string): boolean {
  const digits = digitsOnly(answer);
  if (digits === "" || digits.length > 3) return false;
  return Number(digits) === a + b;
}

export function captchaQuestion(a: number, b: number): string {
  return `What is ${a} + ${b}?`;
}
