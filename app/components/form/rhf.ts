/**
 * react-hook-form's run-time parts the forms use: the chunk `form-code.ts` loads on a form's first
 * interaction (ADR 033). Import them from `./form-code`, never from here or 'react-hook-form'
 * (types may come from 'react-hook-form').
 */
export { Controller, useController, useForm, useWatch } from 'react-hook-form'
