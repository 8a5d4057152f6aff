import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useMeQuery } from '../../auth/authApi';
import { hasRole } from '../roles';
import { useUndeclaredDishCountQuery } from './undeclaredApi';
import { rememberWarned, today, warnedOn } from './warnedToday';

/**
 * On the live orders screen: while any dish on the menu has allergens not declared, says so once a day (London
 * date, remembered on this device once read), with the way to the menu editor for those who may use it.
 */
export function UndeclaredAllergensWarning() {
  const { data: count = 0 } = useUndeclaredDishCountQuery();
  const { data: user } = useMeQuery();
  const [acknowledged, setAcknowledged] = useState(warnedOn);
  const day = today();
  if (count === 0 || acknowledged === day) return null;
  const acknowledge = () => {
    rememberWarned(day);
    setAcknowledged(day);
  };
  const dishes = count === 1 ? '1 dish on the menu has' : `${count} dishes on the menu have`;
  return (
    <Alert variant="warning" role="alert" data-testid="undeclared-allergens-warning" data-count={count}>
      <Alert.Heading as="h2" className="h5">
        Allergens not declared
      </Alert.Heading>
      <p className="mb-2">{dishes} allergens not declared: customers are asked to call before ordering, and anyone filtering out an allergen does not see them.</p>
      <div className="d-flex flex-wrap align-items-center gap-3">
        {hasRole(user?.role, 'manager') ? (
          <Link to="/takeaway-menu" className="alert-link" onClick={acknowledge}>
            Declare them in the menu editor
          </Link>
        ) : (
          <span>Ask a manager to declare them in the menu editor.</span>
        )}
        <Button variant="outline-dark" size="sm" onClick={acknowledge}>
          Remind me tomorrow
        </Button>
      </div>
    </Alert>
  );
}
