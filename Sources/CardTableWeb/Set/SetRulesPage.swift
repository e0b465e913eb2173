import Mustache
import SetCore
import TemplateFields

/// "How to play and score": the rules of Set with the numbers the engine plays by.
@TemplateFields
struct SetRulesPage: PageModel {
    static let template = "set-rules"

    let title = "How to play Set"
    let matchPoints: Int
    let speedBonusMaximum: Int
    let speedBonusStep: Int
    let mismatchPenalty: Int
    let needlessDealPenalty: Int
    let hintPenalty: Int
    let claimSeconds: Int
    let lockoutSeconds: Int
    let graceSeconds: Int
    let playURL = SetRoute.page.path

    init(scoring: SetScoring = .standard, twoPlayer: TwoPlayerRules = .standard) {
        matchPoints = scoring.matchPoints
        speedBonusMaximum = scoring.speedBonusMaximum
        speedBonusStep = Int(scoring.speedBonusStep.rounded())
        mismatchPenalty = scoring.mismatchPenalty
        needlessDealPenalty = scoring.needlessDealPenalty
        hintPenalty = scoring.hintPenalty
        claimSeconds = Int(twoPlayer.claimTimeLimit.rounded())
        lockoutSeconds = Int(twoPlayer.lockoutAfterMiss.rounded())
        graceSeconds = Int(twoPlayer.gracePeriodAfterDeal.rounded())
    }
}
