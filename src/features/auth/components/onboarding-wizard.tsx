import { Button, Stack, Stepper, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCompleteProfile } from '../api/complete-profile';
import type { User } from '../types';
import { onboardingStep, type OnboardingStep } from '../utils/needs-onboarding';
import { FormError } from './form-error';
import {
  AdvertiserPaymentStep,
  AdvertiserProfileStep,
  PublisherPaymentStep,
  PublisherProfileStep,
  type StepProps,
} from './onboarding-steps';

const STEP_FORMS: Partial<Record<User['role'], Record<OnboardingStep, ComponentType<StepProps>>>> = {
  advertiser: { profile: AdvertiserProfileStep, payment: AdvertiserPaymentStep },
  publisher: { profile: PublisherProfileStep, payment: PublisherPaymentStep },
};

/**
 * Driven by user.profile_completion_step: each submit posts that step's fields and the answer is the
 * updated user, which moves the wizard on (the route leaves once onboarding is complete).
 */
export function OnboardingWizard({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteProfile();
  const step = onboardingStep(user);
  const forms = STEP_FORMS[user.role];
  const StepForm = forms?.[step];

  return (
    <Stack>
      {/* one row on a phone too: short descriptions, and no wrapping under a connector to nothing */}
      <Stepper active={step === 'profile' ? 0 : 1} size="sm" allowNextStepsSelect={false} wrap={false}>
        <Stepper.Step label={t('onboarding.profile')} description={t('onboarding.profileHelp')} />
        <Stepper.Step label={t('onboarding.payment')} description={t('onboarding.paymentHelp')} />
      </Stepper>
      <FormError error={complete.error} fallback={t('fallback.completeProfile')} />
      {StepForm ? (
        // key: a fresh form (and fresh initial values) for each step.
        <StepForm
          key={step}
          profile={user.profile}
          name={user.name}
          pending={complete.isPending}
          onSubmit={(fields) => complete.mutate(fields)}
        />
      ) : (
        <Stack>
          <Text>{t('onboarding.nothingMore')}</Text>
          <Button loading={complete.isPending} onClick={() => complete.mutate({})}>
            {t('onboarding.finish')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
