import { Box, Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WIZARD_STEPS, type WizardStep } from './wizardModel';

export const STEP_KEYS = ['import.step_fields', 'import.step_file', 'import.step_mapping', 'import.step_result'] as const;

/** The wizard's four steps, each naming its state for screen readers; done steps can be revisited while nothing runs. */
export function WizardStepper({ step, done, canStepBack, onStep }: { step: WizardStep; done: boolean; canStepBack: boolean; onStep: (step: WizardStep) => void }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('import.steps_label')} mb="lg">
      <Stepper
        active={done ? WIZARD_STEPS : step}
        onStepClick={canStepBack ? (index) => onStep(index as WizardStep) : undefined}
        allowNextStepsSelect={false}
        size="sm"
      >
        {STEP_KEYS.map((key, index) => {
          const status = done || index < step ? t('import.step_status_done') : index === step ? t('import.step_status_current') : t('import.step_status_todo');
          return (
            <Stepper.Step
              key={key}
              label={t(key)}
              aria-label={t('import.step_aria', { step: index + 1, count: WIZARD_STEPS, label: t(key), status })}
              aria-current={!done && index === step ? 'step' : undefined}
              aria-disabled={!canStepBack || index >= step || undefined}
            />
          );
        })}
      </Stepper>
    </Box>
  );
}
