import { Suspense, useState, type ReactNode } from 'react'
import { useMutation } from '../../lib/query'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { formIsland } from '../../components/form/form-island'
import { CodeField, submitOwnForm, TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { buttonClass } from '../../components/ui/button'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { reloadTo } from '../../lib/reload-to'
import { messageOf, useCodeRequest } from './use-code-request'
import { passwordHint } from './password-hint'
import '../../lib/messages/account'
import { loginCodeSchema, loginSchema, restoreSchema } from './account-schemas'

type Mode = 'password' | 'sms' | 'restore'

const linkButton =
  'text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600'

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

const PasswordForm = formIsland(function PasswordForm({ back, onForgot }: { back: string; onForgot: () => void }) {
  const t = useT()
  const trpc = useTRPC()
  const login = useMutation(trpc.user.login.mutationOptions())
  const form = useZodForm(loginSchema, {
    defaultValues: { login: '', password: '' },
  })
  return (
    <FormBlock
      form={form}
      aria-label={t('account.tabPassword')}
      onSubmit={(values) => login.mutateAsync(values)}
      onSent={() => reloadTo(back)}
      sent={<p>{t('account.redirecting')}</p>}
      className="flex flex-col gap-4"
    >
      <TextField control={form.control} name="login" label={t('account.login')} required autoComplete="username" />
      <TextField
        control={form.control}
        name="password"
        label={t('account.password')}
        required
        type="password"
        autoComplete="current-password"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SubmitButton>{t('account.signIn')}</SubmitButton>
        <button type="button" className={linkButton} onClick={onForgot}>
          {t('account.forgot')}
        </button>
      </div>
    </FormBlock>
  )
})

function SmsForm({ back }: { back: string }) {
  const t = useT()
  const trpc = useTRPC()
  const sms = useMutation(trpc.user.sms.mutationOptions())
  const loginCode = useMutation(trpc.user.loginCode.mutationOptions())
  const form = useZodForm(loginCodeSchema, {
    defaultValues: { phone: '', code: '' },
  })
  const { left, sentTo, request } = useCodeRequest()
  const [error, setError] = useState<string | null>(null)

  const send = async () => {
    setError(null)
    if (!(await form.trigger('phone'))) return
    const phone = form.getValues('phone')
    try {
      await request(phone, () => sms.mutateAsync({ phone }))
    } catch (err) {
      setError(messageOf(err, t('form.failed')))
    }
  }

  return (
    <FormBlock
      form={form}
      aria-label={t('account.tabSms')}
      onSubmit={(values) => loginCode.mutateAsync(values)}
      onSent={() => reloadTo(back)}
      sent={<p>{t('account.redirecting')}</p>}
      className="flex flex-col gap-4"
    >
      <PhoneField control={form.control} name="phone" label={t('account.phone')} />
      {sentTo !== null && (
        <>
          <p className="text-sm text-neutral-600" role="status">
            {t('account.codeSentTo', { phone: sentTo })}
          </p>
          <CodeField control={form.control} name="code" label={t('account.code')} onComplete={submitOwnForm} />
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {sentTo === null ? (
          <button type="button" className={buttonClass.primary} onClick={() => void send()} disabled={sms.isPending}>
            {t('account.getCode')}
          </button>
        ) : (
          <>
            <SubmitButton>{t('account.signIn')}</SubmitButton>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void send()}
              disabled={left > 0 || sms.isPending}
            >
              {left > 0 ? t('account.resendIn', { seconds: left }) : t('account.resend')}
            </button>
          </>
        )}
      </div>
    </FormBlock>
  )
}

function RestoreForm({ back }: { back: string }) {
  const t = useT()
  const trpc = useTRPC()
  const restore = useMutation(trpc.user.restore.mutationOptions())
  const form = useZodForm(restoreSchema, {
    defaultValues: { login: '', code: '', password: '' },
  })
  const { left, sentTo, request } = useCodeRequest()
  const codeSent = sentTo !== null
  const [note, setNote] = useState<string | null>(null)

  const send = async () => {
    if (!(await form.trigger('login'))) return
    const login = form.getValues('login')
    try {
      const r = await request(login, () => restore.mutateAsync({ login }))
      setNote(r.message)
    } catch (err) {
      setNote(messageOf(err, t('form.failed')))
    }
  }

  return (
    <FormBlock
      form={form}
      aria-label={t('account.restoreTitle')}
      onSubmit={(values) => restore.mutateAsync(values)}
      onSent={() => reloadTo(back)}
      sent={<p>{t('account.redirecting')}</p>}
      className="flex flex-col gap-4"
    >
      <h2 className="text-lg font-semibold">{t('account.restoreTitle')}</h2>
      <p className="text-sm text-neutral-600">{t('account.restoreText')}</p>
      <TextField control={form.control} name="login" label={t('account.login')} required autoComplete="username" />
      {note && (
        <p role="status" className="text-sm text-neutral-700">
          {note}
        </p>
      )}
      {codeSent && (
        <>
          <CodeField control={form.control} name="code" label={t('account.code')} />
          <TextField
            control={form.control}
            name="password"
            label={t('account.newPassword')}
            hint={passwordHint(t)}
            required
            type="password"
            autoComplete="new-password"
          />
        </>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {codeSent && <SubmitButton>{t('account.restoreSubmit')}</SubmitButton>}
        <button
          type="button"
          className={codeSent ? buttonClass.secondary : buttonClass.primary}
          onClick={() => void send()}
          disabled={left > 0 || restore.isPending}
        >
          {left > 0 ? t('account.resendIn', { seconds: left }) : codeSent ? t('account.resend') : t('account.getCode')}
        </button>
      </div>
    </FormBlock>
  )
}
