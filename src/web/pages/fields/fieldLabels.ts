import type { TFunction } from 'i18next';
import type { FieldType, Visibility } from '../../../shared/fields/types';

// Finnish names of field types and visibilities, shared by the list and the editor.

export function fieldTypeLabel(t: TFunction, type: FieldType): string {
  switch (type) {
    case 'text':
      return t('fields.type_text');
    case 'textarea':
      return t('fields.type_textarea');
    case 'integer':
      return t('fields.type_integer');
    case 'decimal':
      return t('fields.type_decimal');
    case 'date':
      return t('fields.type_date');
    case 'checkbox':
      return t('fields.type_checkbox');
    case 'dropdown':
      return t('fields.type_dropdown');
    case 'email':
      return t('fields.type_email');
    case 'password':
      return t('fields.type_password');
    case 'heading':
      return t('fields.type_heading');
    case 'consent':
      return t('fields.type_consent');
  }
}

export function visibilityLabel(t: TFunction, visibility: Visibility): string {
  switch (visibility) {
    case 0:
      return t('fields.visibility_0');
    case 1:
      return t('fields.visibility_1');
    case 2:
      return t('fields.visibility_2');
    case 3:
      return t('fields.visibility_3');
  }
}

export function visibilityDescription(t: TFunction, visibility: Visibility): string {
  switch (visibility) {
    case 0:
      return t('fields.visibility_0_help');
    case 1:
      return t('fields.visibility_1_help');
    case 2:
      return t('fields.visibility_2_help');
    case 3:
      return t('fields.visibility_3_help');
  }
}
