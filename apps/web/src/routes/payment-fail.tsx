import { PaymentResultScreen } from '../features/payment/payment-result-screen';

export default function PaymentFailRoute() {
  return <PaymentResultScreen success={false} />;
}
