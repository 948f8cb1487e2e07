// Every layer's backward pass against finite differences of its forward pass, in double precision.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

#include "lab_check.hpp"
#include "pe/alibi.hpp"
#include "pe/lab/layers.hpp"
#include "pe/lab/tasks.hpp"

namespace {

using pe::test::dot;
using pe::test::normals;
using pe::test::require_gradient;
using Vec = std::vector<double>;
namespace lab = pe::lab;

constexpr int B = 2, n = 5, d = 8, h = 2;
constexpr int N = B * n;
constexpr std::size_t Nd = static_cast<std::size_t>(N) * d;

}  // namespace

TEST_CASE("layernorm backward matches finite differences for input, gain and bias", "[lab]") {
  Vec x = normals(Nd, 1.0, "x"), g = normals(d, 1.0, "g"), b = normals(d, 1.0, "b"),
      r = normals(Nd, 1.0, "r");
  Vec out(Nd), mean(N), rstd(N);
  const auto f = [&] {
    lab::layernorm_forward(out.data(), mean.data(), rstd.data(), x.data(), g.data(), b.data(), N, d);
    return dot(out, r);
  };
  f();
  Vec dx(Nd, 0.0), dg(d, 0.0), db(d, 0.0);
  lab::layernorm_backward(dx.data(), dg.data(), db.data(), r.data(), x.data(), g.data(), mean.data(),
                          rstd.data(), N, d);
  require_gradient(x, dx, f, "input");
  require_gradient(g, dg, f, "gain");
  require_gradient(b, db, f, "bias");
}

TEST_CASE("linear backward matches finite differences for input, weight and bias", "[lab]") {
  constexpr int out_features = 12;
  Vec x = normals(Nd, 1.0, "x"), w = normals(d * out_features, 1.0, "w"),
      bias = normals(out_features, 1.0, "b");
  Vec r = normals(static_cast<std::size_t>(N) * out_features, 1.0, "r");
  Vec out(r.size());
  const auto f = [&] {
    lab::linear_forward(out.data(), x.data(), w.data(), bias.data(), N, d, out_features);
    return dot(out, r);
  };
  Vec dx(Nd, 0.0), dw(w.size(), 0.0), db(bias.size(), 0.0), scratch(lab::linear_scratch(N, d, out_features));
  lab::linear_backward(dx.data(), dw.data(), db.data(), r.data(), x.data(), w.data(), N, d, out_features,
                       scratch.data());
  require_gradient(x, dx, f, "input");
  require_gradient(w, dw, f, "weight");
  require_gradient(bias, db, f, "bias");
}

TEST_CASE("gelu backward matches finite differences", "[lab]") {
  Vec x = normals(Nd, 2.0, "x"), r = normals(Nd, 1.0, "r"), out(Nd), dx(Nd);
  const auto f = [&] {
    lab::gelu_forward(out.data(), x.data(), Nd);
    return dot(out, r);
  };
  lab::gelu_backward(dx.data(), x.data(), r.data(), Nd);
  require_gradient(x, dx, f, "input");
}

TEST_CASE("gelu's derivative kept from the forward pass is bitwise gelu_backward's", "[lab]") {
  // float, in place (the model's call) and not, over more than one of the exponential's chunks.
  const std::size_t count = 1000;
  std::vector<float> x(count), r(count);
  for (std::size_t i = 0; i < count; ++i) {
    x[i] = static_cast<float>(static_cast<double>(i) * 0.0137 - 6.5);
    r[i] = static_cast<float>(std::sin(static_cast<double>(i)));
  }
  std::vector<float> out(count), kept_out(count), expected(count), deriv(x), got(r), got_apart(count);
  lab::gelu_forward(out.data(), x.data(), count);
  lab::gelu_backward(expected.data(), x.data(), r.data(), count);
  lab::gelu_forward_with_derivative(kept_out.data(), deriv.data(), deriv.data(), count);
  lab::gelu_backward_with(got.data(), deriv.data(), got.data(), count);
  lab::gelu_backward_with(got_apart.data(), deriv.data(), r.data(), count);
  CHECK(std::memcmp(out.data(), kept_out.data(), count * sizeof(float)) == 0);
  CHECK(std::memcmp(expected.data(), got.data(), count * sizeof(float)) == 0);
  CHECK(std::memcmp(expected.data(), got_apart.data(), count * sizeof(float)) == 0);
}

TEST_CASE("gelu is PyTorch's tanh approximation", "[lab]") {
  const Vec x = {-3.0, -1.0, 0.0, 0.5, 2.0};
  Vec out(x.size());
  lab::gelu_forward(out.data(), x.data(), x.size());
  // 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) in Python floats: PyTorch's approximate="tanh".
  const Vec expected = {-0.0036373920817729943, -0.15880800939172324, 0.0, 0.34571400982514394,
                        1.954597694087775};
  for (std::size_t i = 0; i < x.size(); ++i) CHECK_CLOSE(out[i], expected[i], 1e-12);
}

TEST_CASE("mean pooling backward matches finite differences", "[lab]") {
  Vec x = normals(Nd, 1.0, "x"), r = normals(static_cast<std::size_t>(B) * d, 1.0, "r"), out(r.size()),
      dx(Nd);
  const auto f = [&] {
    lab::pool_forward(out.data(), x.data(), B, n, d);
    return dot(out, r);
  };
  lab::pool_backward(dx.data(), r.data(), B, n, d);
  require_gradient(x, dx, f, "input");
}

TEST_CASE("cross-entropy backward matches finite differences and skips rows without a target", "[lab]") {
  constexpr int M = 6, C = 5;
  Vec logits = normals(M * C, 2.0, "logits"), probs(M * C), dl(M * C);
  const std::vector<int> targets = {0, lab::kNoTarget, 4, 2, lab::kNoTarget, 1};
  const auto f = [&] {
    const auto sums = lab::cross_entropy_forward(probs.data(), logits.data(), targets.data(), M, C);
    return sums.loss / sums.count;
  };
  const auto sums = lab::cross_entropy_forward(probs.data(), logits.data(), targets.data(), M, C);
  CHECK(sums.count == 4);
  lab::cross_entropy_backward(dl.data(), probs.data(), targets.data(), M, C, 1.0 / sums.count);
  require_gradient(logits, dl, f, "logits");
  for (int c = 0; c < C; ++c) CHECK(dl[static_cast<std::size_t>(C + c)] == 0.0);
}

TEST_CASE("accuracy takes the lowest index among tied logits", "[lab]") {
  const Vec logits = {1.0, 3.0, 3.0, 0.0, 2.0, 2.0};
  Vec probs(6);
  const std::vector<int> targets = {1, 2};
  const auto sums = lab::cross_entropy_forward(probs.data(), logits.data(), targets.data(), 2, 3);
  CHECK(sums.correct == 1);
}

TEST_CASE("embedding backward matches finite differences for tokens and a learned table", "[lab]") {
  constexpr int V = 7, rows = 3;  // positions 3 and 4 have no table row
  Vec wte = normals(V * d, 1.0, "wte"), wpe = normals(rows * d, 1.0, "wpe"), r = normals(Nd, 1.0, "r"),
      out(Nd);
  const std::vector<int> tokens = {0, 3, 3, 6, 1, 2, 2, 5, 0, 6};
  const double scale = 2.5;
  const auto f = [&] {
    lab::embed_forward(out.data(), tokens.data(), nullptr, wte.data(), wpe.data(), rows, B, n, d, scale);
    return dot(out, r);
  };
  Vec dwte(wte.size(), 0.0), dwpe(wpe.size(), 0.0);
  lab::embed_backward(dwte.data(), dwpe.data(), r.data(), tokens.data(), nullptr, rows, B, n, d, scale);
  require_gradient(wte, dwte, f, "wte");
  require_gradient(wpe, dwpe, f, "wpe");
}

TEST_CASE("rope backward is the inverse rotation, for both conventions", "[lab]") {
  for (const auto convention : {pe::RopeConvention::Interleaved, pe::RopeConvention::Half}) {
    Vec x = normals(Nd, 1.0, "x"), r = normals(Nd, 1.0, "r"), cos(n * d / h / 2), sin(cos.size()), y(Nd);
    lab::rope_tables(cos.data(), sin.data(), n, d / h, 100.0);
    const auto f = [&] {
      y = x;
      lab::rope_apply(y.data(), cos.data(), sin.data(), nullptr, B, n, d, h, convention, false);
      return dot(y, r);
    };
    Vec dx = r;
    lab::rope_apply(dx.data(), cos.data(), sin.data(), nullptr, B, n, d, h, convention, true);
    require_gradient(x, dx, f, convention == pe::RopeConvention::Half ? "half" : "interleaved");
  }
}

TEST_CASE("rope pairs features (2i, 2i+1) interleaved and (i, i + dh/2) half", "[lab]") {
  constexpr int dh = 4;
  Vec cos(2 * dh / 2), sin(cos.size());
  lab::rope_tables(cos.data(), sin.data(), 2, dh, 10000.0);
  // Position 1, pair 0 rotates by 1 radian; pair 1 by 1/100.
  Vec interleaved = {1, 0, 0, 0, 1, 0, 0, 0};
  lab::rope_apply(interleaved.data(), cos.data(), sin.data(), nullptr, 1, 2, dh, 1,
                  pe::RopeConvention::Interleaved, false);
  CHECK_CLOSE(interleaved[4], std::cos(1.0), 1e-12);
  CHECK_CLOSE(interleaved[5], std::sin(1.0), 1e-12);
  Vec half = {1, 0, 0, 0, 1, 0, 0, 0};
  lab::rope_apply(half.data(), cos.data(), sin.data(), nullptr, 1, 2, dh, 1, pe::RopeConvention::Half, false);
  CHECK_CLOSE(half[4], std::cos(1.0), 1e-12);
  CHECK_CLOSE(half[6], std::sin(1.0), 1e-12);
  CHECK(half[5] == 0.0);
}

TEST_CASE("attention backward matches finite differences with and without ALiBi, causal or not", "[lab]") {
  const Vec slopes = pe::alibi_slopes(h);
  for (const bool causal : {false, true}) {
    for (const bool alibi : {false, true}) {
      const lab::AttentionShape s{B, n, d, h, causal, alibi ? slopes.data() : nullptr};
      Vec q = normals(Nd, 1.0, "q"), k = normals(Nd, 1.0, "k"), v = normals(Nd, 1.0, "v"),
          r = normals(Nd, 1.0, "r");
      Vec out(Nd), probs(static_cast<std::size_t>(B * h * n * n)), scratch(lab::attention_scratch(n, d / h));
      const auto f = [&] {
        lab::attention_forward(out.data(), probs.data(), q.data(), k.data(), v.data(), s, scratch.data());
        return dot(out, r);
      };
      f();
      Vec dq(Nd), dk(Nd), dv(Nd);
      lab::attention_backward(dq.data(), dk.data(), dv.data(), r.data(), probs.data(), q.data(), k.data(),
                              v.data(), s, scratch.data());
      const std::string what = std::string(causal ? "causal" : "bidirectional") + (alibi ? " alibi" : "");
      require_gradient(q, dq, f, what + " q");
      require_gradient(k, dk, f, what + " k");
      require_gradient(v, dv, f, what + " v");
    }
  }
}

TEST_CASE("causal attention puts no weight on later keys and ALiBi lowers weight with distance", "[lab]") {
  const Vec slopes = pe::alibi_slopes(h);
  const lab::AttentionShape s{1, n, d, h, true, slopes.data()};
  const Vec zeros(n * d, 0.0), v = normals(n * d, 1.0, "v");
  Vec out(n * d), probs(static_cast<std::size_t>(h * n * n)), scratch(lab::attention_scratch(n, d / h));
  lab::attention_forward(out.data(), probs.data(), zeros.data(), zeros.data(), v.data(), s, scratch.data());
  for (int p = 0; p < n; ++p) {
    for (int m = 0; m < n; ++m) {
      const double w = probs[static_cast<std::size_t>(p * n + m)];
      if (m > p) CHECK(w == 0.0);
      if (m > 0 && m <= p) CHECK(w > probs[static_cast<std::size_t>(p * n + m - 1)]);
    }
  }
  // With zero queries and keys, head 0's weights are exactly softmax(-slope * distance).
  const double e1 = std::exp(-slopes[0]);
  CHECK_CLOSE(probs[static_cast<std::size_t>(n + 1)], 1.0 / (1.0 + e1), 1e-12);
  Vec scores(n * n);
  lab::attention_scores(scores.data(), zeros.data(), zeros.data(), s, 0, 1, scratch.data());
  CHECK(scores[1] == -std::numeric_limits<double>::infinity());
  CHECK_CLOSE(scores[static_cast<std::size_t>(4 * n)], -4 * slopes[1], 1e-15);
}
