import { useState } from 'react'
import { useMutation } from '../../lib/query'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
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
import { linkButton } from './link-button'

/**
 * LoginPanel's forms (login-panel.tsx): their code, with react-hook-form, loads on the first
 * interaction with the panel's form (ADR 033, `lazyFormIsland`).
 */
export function PasswordForm({ back, onForgot }: { back: string; onForgot: () => void }) {
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
}

export function SmsForm({ back }: { back: string }) {
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

export function RestoreForm({ back }: { back: string }) {
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
