import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';

interface SignUpProblemProps {
  /** The §8 message of the failed call ('getPrivateUserInfoError', 'fetchPublicProfileError'). */
  messageKey: string;
  /** Why, when the server said so in a way the catalogue has words for (expired, already used …). */
  reasonKey: string | null;
}

/**
 * §2 "If a private-user fetch fails, go to login" (and §8 fetchPublicProfileError for new-profile):
 * instead of a silent jump to the login page, the member reads why the link does not work and gets a
 * link to login, the way forward the spec gives.
 */
export function SignUpProblem({ messageKey, reasonKey }: SignUpProblemProps) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="sign-up-title" data-screen="signUp">
      <PageHeading id="sign-up-title">{t('page.title.signUp')}</PageHeading>
      <div role="alert" className="form-alert">
        <p>{t(messageKey)}</p>
        {reasonKey ? <p>{t(reasonKey)}</p> : null}
      </div>
      <p><Link to="../login" relative="path">{t('signup.goToLogin')}</Link></p>
    </section>
  );
}
