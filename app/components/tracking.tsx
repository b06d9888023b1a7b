/**
 * SPEC §1 tracking: the tag manager and the session-recording project load only when their ids are
 * configured (TAG_MANAGER_ID, SESSION_RECORDING_ID); with the default empty ids nothing third-party loads.
 */
export function Tracking({ tagManagerId, sessionRecordingId }: { tagManagerId: string | null; sessionRecordingId: string | null }) {
  return (
    <>
      {tagManagerId ? (
        <script
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(tagManagerId)});`,
          }}
        />
      ) : null}
      {sessionRecordingId ? (
        <script
          dangerouslySetInnerHTML={{
            __html: `(function(c,l,a,r,i,t,y){c[a]=c[a]||function(){(c[a].q=c[a].q||[]).push(arguments)};t=l.createElement(r);t.async=1;t.src="https://www.clarity.ms/tag/"+i;y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);})(window,document,"clarity","script",${JSON.stringify(sessionRecordingId)});`,
          }}
        />
      ) : null}
    </>
  );
}
