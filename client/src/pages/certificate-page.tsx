// A course certificate's public page (CONTRACT §4 GET /api/certificates/{id}): anyone with the
// address can check it, and it prints on one A4 or Letter sheet (certificate-page.css). A lazy
// chunk of its own, through the visitor pages' plain client: the visitor bundle does not grow.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SITE_NAME } from '@shared/constants';
import { usePageTitle } from '../lib/use-page-title';
import { visitorClient } from '../lib/visitor-client';
import { Panel } from '../ui/panel';
import './certificate-page.css';

type Certificate = Awaited<ReturnType<typeof visitorClient.course.publicCertificate.query>>;
type Reading = { state: 'loading' } | { state: 'found'; certificate: Certificate } | { state: 'missing' } | { state: 'failed' };

const COMPLETION_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function useCertificate(id: string): Reading {
  // Each answer is kept with the id it answers: another id reads as loading until its own comes.
  const [answer, setAnswer] = useState<{ id: string; reading: Reading } | undefined>();
  useEffect(() => {
    let current = true;
    visitorClient.course.publicCertificate.query({ id }).then(
      (certificate) => current && setAnswer({ id, reading: { state: 'found', certificate } }),
      (error: unknown) => {
        const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
        if (current) setAnswer({ id, reading: { state: status === 404 || status === 400 ? 'missing' : 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);
  return answer?.id === id ? answer.reading : { state: 'loading' };
}

export function CertificatePage() {
  const { id = '' } = useParams();
  const reading = useCertificate(id);
  usePageTitle(reading.state === 'found' ? `Certificate of ${reading.certificate.name}` : 'Certificate');

  if (reading.state !== 'found') {
    return (
      <div className="page page--reading">
        <Panel>
          {reading.state === 'loading' ? (
            <p className="muted" role="status">
              Loading the certificate…
            </p>
          ) : (
            <>
              <h1>{reading.state === 'missing' ? 'No such certificate' : 'The certificate could not be loaded'}</h1>
              <p>{reading.state === 'missing' ? 'This address names no certificate. Check the link you were given.' : 'Please try again in a moment.'}</p>
            </>
          )}
        </Panel>
      </div>
    );
  }

  const { certificate } = reading;
  return (
    <div className="page certificate-page">
      <article className="certificate" aria-labelledby="certificate-title">
        <p className="certificate__site">{SITE_NAME}</p>
        <h1 id="certificate-title" className="certificate__title">
          Certificate of Completion
        </h1>
        <p className="certificate__line">This certifies that</p>
        <p className="certificate__name">{certificate.name}</p>
        <p className="certificate__line">has completed every lesson of</p>
        <p className="certificate__course">{certificate.course}</p>
        <p className="certificate__line">
          on <time dateTime={certificate.completedAt}>{COMPLETION_DAY.format(new Date(certificate.completedAt))}</time>
        </p>
        <p className="certificate__check">Anyone can check this certificate at this page's address.</p>
      </article>
    </div>
  );
}
