import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import type { TakeawayMethod } from '../order/order';
import { useCheckoutSettings } from '../settings/useCheckoutSettings';
import { DeliveryAreaVerdict } from './DeliveryAreaVerdict';
import { DeliveryOffNotice } from './DeliveryOffNotice';
import { MethodChoice } from './MethodChoice';
import { MethodPostageLine } from './MethodPostageLine';
import { PostcodeChecker } from './PostcodeChecker';
import { ProceedToCheckoutButton } from './ProceedToCheckoutButton';
import { useMethodPostage } from './useMethodPostage';
import { usePostcodeCheck } from './usePostcodeCheck';

/** Spec §2 "Collect or Deliver block": the takeaway basket's checkout area. */
export function CollectOrDeliver() {
  const settings = useCheckoutSettings();
  const checking = usePostcodeCheck();
  const [method, setMethod] = useState<TakeawayMethod | null>(null);
  const check = settings.deliveringStatus ? checking.check : undefined;
  const offerDelivery = check?.inside_area === true;
  const postage = useMethodPostage(method, offerDelivery ? check.postcode : undefined);

  // Spec §4: a new postcode means choosing again.
  const changePostcode = (text: string) => {
    checking.setText(text);
    setMethod(null);
  };

  const choice =
    method && postage.state === 'ready'
      ? { method, postagePence: postage.postagePence, totalPence: postage.totalPence, postcode: check?.postcode ?? null }
      : null;

  return (
    <Card data-testid="collect-or-deliver">
      <Card.Body>
        <Card.Title as="h2" className="h5 mb-3">
          Collect or Deliver
        </Card.Title>
        {!settings.isLoaded ? null : settings.deliveringStatus ? (
          <PostcodeChecker radiusMiles={settings.deliveryRadius} checking={checking} onTextChange={changePostcode} />
        ) : (
          <DeliveryOffNotice fullAddress={settings.fullAddress} />
        )}
        {check && <DeliveryAreaVerdict check={check} fullAddress={settings.fullAddress} />}
        <MethodChoice method={method} offerDelivery={offerDelivery} onChoose={setMethod} />
        <MethodPostageLine method={method} postage={postage} />
        <div className="d-flex justify-content-end">
          <ProceedToCheckoutButton choice={choice} />
        </div>
      </Card.Body>
    </Card>
  );
}
