import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';
import { Panel } from '../ui/panel';
import './terms-page.css';

export function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <div className="page page--reading">
      <Panel as="article" className="prose">
        <p className="eyebrow">Effective 2025</p>
        <h1>Terms of Service</h1>
        <p className="lead">
          These terms describe the agreement between you and Quantum Path when you create an account, join a membership or use the course. Please read them
          carefully: by creating an account you accept them.
        </p>

        <h2>1. Who we are and what we offer</h2>
        <p>
          Quantum Path is an online course and membership site about consciousness, personal growth and transformation. We offer course material, practices and
          a personal member area. We may add, change or retire material over time to keep the course useful and up to date.
        </p>

        <h2>2. Membership tiers</h2>
        <p>There are two ways to take part:</p>
        <ul>
          <li>
            <strong>The Explorer</strong> is a free membership. It gives you an account, a personal dashboard and an overview of the course.
          </li>
          <li>
            <strong>The Architect</strong> is the paid membership. It gives you access to all ten modules of the course for as long as your membership is
            active.
          </li>
        </ul>
        <p>
          The benefits of each tier are described on the courses page. Any charge for the Architect membership is shown to you clearly, and needs your
          confirmation, before you are asked to pay.
        </p>

        <h2>3. Your account</h2>
        <ul>
          <li>You must be at least 18 years old, or have the permission of a parent or guardian, to create an account.</li>
          <li>Give us accurate information, and keep your email address current so that we can reach you.</li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account; tell us straight away if you believe someone else has used
            it.
          </li>
          <li>One account is for one person. Accounts and memberships may not be shared, sold or transferred.</li>
        </ul>

        <h2>4. Acceptable use</h2>
        <p>When you use the site, you agree not to:</p>
        <ul>
          <li>copy, record, resell or publicly share course material beyond your own personal use;</li>
          <li>try to reach parts of the site, accounts or data that are not meant for you;</li>
          <li>disrupt the site, overload it, or probe it for weaknesses without our written permission;</li>
          <li>use the site for anything unlawful, harassing, hateful or misleading.</li>
        </ul>
        <p>We may suspend or close an account that breaks these rules, and will tell you why where we are able to.</p>

        <h2>5. Content and ownership</h2>
        <p>
          All course material, including text, audio, video, images and the design of the site, belongs to Quantum Path or to the people who licensed it to us,
          and is protected by copyright. Your membership gives you a personal, non-exclusive and non-transferable licence to use it for your own learning while
          your membership lasts. Anything you write or upload to the site remains yours; you allow us to store and display it as needed to run the service.
        </p>

        <h2>6. Cancellation and closing your account</h2>
        <p>
          You may cancel a paid membership at any time; it then stays active until the end of the period already paid for, and your account continues as a free
          Explorer membership. You may also ask us to close your account altogether, and we will delete your personal data except where the law requires us to
          keep it. Where the law of your country gives you a right to withdraw from a purchase, nothing in these terms takes that right away.
        </p>

        <h2>7. Educational content, not professional advice</h2>
        <p>
          The course is educational and offered for personal growth. It draws on ideas from physics, psychology and contemplative practice, sometimes as
          metaphor. It is not medical, psychological, financial or legal advice, and it is not a substitute for care from a qualified professional. If you have
          a physical or mental health condition, speak with your doctor or therapist before starting any practice, and stop any exercise that feels unsafe for
          you. You remain responsible for the choices you make.
        </p>

        <h2>8. Disclaimers</h2>
        <p>
          We work to keep the site available and the material accurate, but we provide the service as it is and as available. We do not promise that it will
          always be uninterrupted or free of errors, or that it will produce any particular result for you.
        </p>

        <h2>9. Limitation of liability</h2>
        <p>
          To the extent the law allows, Quantum Path is not liable for indirect or consequential loss, such as lost profits or lost data, arising from your use
          of the site. Our total liability to you for any claim is limited to the amount you paid us in the twelve months before the claim arose. Nothing in
          these terms limits liability that cannot be limited by law.
        </p>

        <h2>10. Changes to these terms</h2>
        <p>
          We may update these terms as the site grows. When we make a significant change we will tell you by email or on the site before it takes effect. If you
          keep using the site after that, the new terms apply; if you do not agree with them, you may close your account.
        </p>

        <h2>11. Contact</h2>
        <p>Questions about these terms or your account are welcome. Reply to any email we have sent you and it will reach our support team.</p>

        <p className="prose__back">
          <Link to="/join">Return to account creation</Link>
        </p>
      </Panel>
    </div>
  );
}
