// docs/behaviour.md#tracking
// Both snippets hand the page's CSP nonce to the script they insert; Tag Manager passes it on to the tags it adds.
export function Tracking({
  tagManagerId,
  sessionRecordingId,
  nonce,
}: {
  tagManagerId: string | null;
  sessionRecordingId: string | null;
  nonce?: string;
}) {
  return (
    <>
      {tagManagerId ? (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('[nonce]');n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(tagManagerId)});`,
          }}
        />
      ) : null}
      {sessionRecordingId ? (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `(function(c,l,a,r,i,t,y){c[a]=c[a]||function(){(c[a].q=c[a].q||[]).push(arguments)};t=l.createElement(r);t.async=1;t.src="https://www.clarity.ms/tag/"+i;var n=l.querySelector("[nonce]");n&&t.setAttribute("nonce",n.nonce||n.getAttribute("nonce"));y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);})(window,document,"clarity","script",${JSON.stringify(sessionRecordingId)});`,
          }}
        />
      ) : null}
    </>
  );
}
