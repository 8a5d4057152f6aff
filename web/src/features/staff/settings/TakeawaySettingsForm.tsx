import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { BrandSection, brandIsValid } from './BrandSection';
import { ChargeBandsSection } from './ChargeBandsSection';
import { ContactSection, contactEmailIsValid } from './ContactSection';
import { DeliveryTimesSection } from './DeliveryTimesSection';
import { OrdersForLaterSection } from './OrdersForLaterSection';
import { DiscountSection } from './DiscountSection';
import { GeographySection } from './GeographySection';
import { LiveKeysSection } from './LiveKeysSection';
import { LogoSection } from './LogoSection';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { PrintCategoriesSection } from './PrintCategoriesSection';
import { SaveSettingsButton } from './SaveSettingsButton';
import { SnowfallSection } from './SnowfallSection';
import { SpecialDaysSection } from './SpecialDaysSection';
import { WeekSection } from './WeekSection';
import { whySettingsCannotSave } from '../../../../../src/shared/settings-save';
import { hoursProblems } from './hoursForm';
import { discountIsValid, settingsToSave, type SettingsForm } from './settingsForm';
import { useProductCategoriesQuery } from './takeawaySettingsApi';
import { usePostcodeCheck } from './usePostcodeCheck';
import { useSaveSettings } from './useSaveSettings';

/** The settings screen's form, starting from the values loaded. */
export function TakeawaySettingsForm({ initial }: { initial: SettingsForm }) {
  const [form, setForm] = useState(initial);
  const update = (changes: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...changes }));
  const postcodeCheck = usePostcodeCheck(form.kitchen_postcode);
  const { data: categories } = useProductCategoriesQuery();
  const { save, isSaving } = useSaveSettings();
  // Staff spec §5: saving needs a located kitchen postcode and, with the discount on, an amount above 0; and
  // (the server refuses them too) open times that work together. The disabled button names what is wrong.
  const cannotSave = whySettingsCannotSave({
    postcodeLocated: postcodeCheck.state === 'ok',
    discountValid: discountIsValid(form),
    hoursProblems: hoursProblems(form.opening_week, form.special_days),
    contactEmailValid: contactEmailIsValid(form),
    brandValid: brandIsValid(form),
  });
  const valid = cannotSave === null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) void save(settingsToSave(form, categories));
  };

  return (
    <Form onSubmit={handleSubmit} aria-labelledby="settings-title" noValidate>
      {/* Staff spec §2's sections in its order (issue 30 item 2), then what this shop added. */}
      <WeekSection form={form} update={update} />
      <DeliveryTimesSection form={form} update={update} />
      <LiveKeysSection />
      <GeographySection form={form} update={update} postcodeCheck={postcodeCheck} />
      <DiscountSection form={form} update={update} />
      <LogoSection form={form} update={update} />
      <PrintCategoriesSection form={form} update={update} />
      <SpecialDaysSection form={form} update={update} />
      <OrdersForLaterSection form={form} update={update} />
      <ChargeBandsSection form={form} update={update} />
      <PaymentMethodsSection form={form} update={update} />
      <BrandSection form={form} update={update} />
      <ContactSection form={form} update={update} />
      <SnowfallSection form={form} update={update} />
      <div className="sticky-bottom bg-body py-2">
        <SaveSettingsButton cannotSave={cannotSave} isSaving={isSaving} />
      </div>
    </Form>
  );
}
