import { Suspense, useState, type ReactNode } from 'react'
import { lazyFormIsland } from '../../components/form/form-code'
import { useT } from '../../lib/i18n'
import '../../lib/messages/account-login'
import { linkButton } from './link-button'

type Mode = 'password' | 'sms' | 'restore'

/**
 * Sign-in with a password or an SMS code, and password restore. Used by the /login/ page and
 * the user-login modal. After success the page reloads at `back` (the new session).
 */
export function LoginPanel({ back }: { back: string }) {
  const t = useT()
  const [mode, setMode] = useState<Mode>('password')
  const tab = (m: Mode, label: ReactNode) => (
    <button
      type="button"
      role="tab"
      id={`login-tab-${m}`}
      aria-selected={mode === m}
      aria-controls={`login-panel-${m}`}
      tabIndex={mode === m ? 0 : -1}
      onClick={() => setMode(m)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setMode(mode === 'password' ? 'sms' : 'password')
      }}
      className={`min-h-11 flex-1 rounded-full px-4 text-sm font-medium ${mode === m ? 'bg-white text-ink shadow' : 'text-neutral-600 hover:text-ink'}`}
    >
      {label}
    </button>
  )
  if (mode === 'restore') {
    return (
      <div>
        {/* A form rendered here in the browser may wait for its code (ADR 033). */}
        <Suspense fallback={null}>
          <RestoreForm back={back} />
        </Suspense>
        <button type="button" className={`${linkButton} mt-4`} onClick={() => setMode('password')}>
          {t('account.backToLogin')}
        </button>
      </div>
    )
  }
  return (
    <div>
      <div role="tablist" aria-label={t('account.tabs')} className="mb-5 flex gap-1 rounded-full bg-neutral-100 p-1">
        {tab('password', t('account.tabPassword'))}
        {tab('sms', t('account.tabSms'))}
      </div>
      <div role="tabpanel" id={`login-panel-${mode}`} aria-labelledby={`login-tab-${mode}`}>
        <Suspense fallback={null}>
          {mode === 'password' ? (
            <PasswordForm back={back} onForgot={() => setMode('restore')} />
          ) : (
            <SmsForm back={back} />
          )}
        </Suspense>
      </div>
    </div>
  )
}

// The forms' code (and react-hook-form's) loads on the first interaction (ADR 033).
const PasswordForm = lazyFormIsland(() => import('./login-forms').then((m) => m.PasswordForm))
const SmsForm = lazyFormIsland(() => import('./login-forms').then((m) => m.SmsForm))
const RestoreForm = lazyFormIsland(() => import('./login-forms').then((m) => m.RestoreForm))
