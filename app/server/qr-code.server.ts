import QRCode from "qrcode";

/** A QR code of `text` as an SVG data: address (the page's img-src allows data:), drawn on the server: no script needed. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
