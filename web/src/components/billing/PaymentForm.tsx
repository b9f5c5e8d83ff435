import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import type { CreatedSubscription } from '@app/core'
import { billingKeys } from '../../api/keys.ts'
import { PRODUCT_NAME } from '../../lib/product.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'

export const PAYMENT_SUCCESS_PATH = '/payment-success'

function ConfirmForm({ intentType }: { intentType: CreatedSubscription['intentType'] }) {
  const { t } = useTranslation('supervisor')
  const stripe = useStripe()
  const elements = useElements()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [elementReady, setElementReady] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)
  const ready = Boolean(stripe && elements && elementReady)

  const fail = (message: string | undefined) =>
    toast({
      title: t('billing.payment.failedTitle'),
      description: message || t('billing.payment.failed'),
      variant: 'destructive',
    })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements || !ready || processing) return
    setProcessing(true)
    // Cards that need no extra step are confirmed here; others (3-D Secure at the bank, wallets)
    // come back to the same page Stripe would send them to.
    const confirmParams = { return_url: `${window.location.origin}${PAYMENT_SUCCESS_PATH}` }
    try {
      const { error } =
        intentType === 'setup'
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' })
      if (error) {
        fail(error.message)
        setProcessing(false)
        return
      }
    } catch (e) {
      fail(e instanceof Error ? e.message : undefined)
      setProcessing(false)
      return
    }
    toast({
      title: t('billing.payment.successTitle'),
      description: t('billing.payment.success', { product: PRODUCT_NAME }),
    })
    void queryClient.invalidateQueries({ queryKey: billingKeys.status })
    navigate(PAYMENT_SUCCESS_PATH)
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={t('billing.payment.label')}>
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setElementReady(true)}
        onLoadError={(e) => setLoadError(e.error.message ?? t('billing.payment.loadError'))}
      />
      {loadError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('billing.payment.loadErrorHint', { message: loadError })}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={!ready || processing}>
        {processing ? (
          <>
            <Spinner /> {t('billing.payment.processing')}
          </>
        ) : (
          t('billing.payment.start')
        )}
      </Button>
    </form>
  )
}

/**
 * Stripe's Payment Element for one subscription's intent: a setup intent while the free trial
 * runs (the card is saved, nothing is charged), a payment intent otherwise. Remounted for each
 * client secret, which Stripe does not let change. Until Stripe.js has loaded (`stripe` null)
 * the form waits and its button stays disabled.
 */
export function PaymentForm({ stripe, checkout }: { stripe: Stripe | null; checkout: CreatedSubscription }) {
  return (
    <Elements
      key={checkout.clientSecret}
      stripe={stripe}
      options={{ clientSecret: checkout.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <ConfirmForm intentType={checkout.intentType} />
    </Elements>
  )
}
