import HotspotProtocol

extension SupplicantSession {
    /// Run a plan to its end, one blocking `call` per command. A link failure (unreachable, no answer)
    /// throws; what the plan concluded, good or bad, is the result: wpa_supplicant said no, but it is there.
    func run<P: SupplicantPlan>(_ plan: P, timeout: Int64 = 5_000) throws(Failure) -> Swift.Result<P.Result, SupplicantPlanError> {
        var plan = plan
        var step = plan.start()
        while true {
            switch step {
            case .send(let command): step = plan.received(try call(command, timeout: timeout))
            case .finished(let result): return .success(result)
            case .failed(let error): return .failure(error)
            }
        }
    }
}
