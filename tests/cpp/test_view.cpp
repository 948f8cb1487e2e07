// span, matrix_view and PE_EXPECTS.
#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#ifdef PE_CHECKS
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#endif

#include "pe/view.hpp"

TEST_CASE("a span views a vector's items in place and narrows to a subspan", "[view]") {
  std::vector<int> v = {1, 2, 3, 4, 5};
  const pe::span<int> all(v);
  REQUIRE(all.size() == 5);
  CHECK(all.data() == v.data());
  all[1] = 20;
  CHECK(v[1] == 20);
  const pe::span<const int> tail = pe::span<const int>(all).subspan(2, 3);
  CHECK(std::vector<int>(tail.begin(), tail.end()) == std::vector<int>{3, 4, 5});
  CHECK(all.subspan(5, 0).empty());
  const std::array<double, 3> a = {0.5, 1.5, 2.5};
  const pe::span<const double> of_array(a);
  CHECK(of_array.size() == 3);
  CHECK(of_array[2] == 2.5);
}

TEST_CASE("a matrix view is row-major: row r is items r*cols.., cell (r, c) is item r*cols+c", "[view]") {
  std::vector<double> values(12);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i);
  const pe::matrix_view<double> m(values, 3, 4);
  CHECK(m.rows() == 3);
  CHECK(m.cols() == 4);
  CHECK(m.size() == 12);
  CHECK(m.at(2, 1) == 9.0);
  CHECK(m.row(1).data() == values.data() + 4);
  CHECK(m.row(1).size() == 4);
  m.at(0, 3) = -1.0;
  CHECK(values[3] == -1.0);
  const pe::matrix_view<const double> block = m.row_block(1, 2);
  CHECK(block.rows() == 2);
  CHECK(block.at(0, 0) == 4.0);
  CHECK(block.at(1, 3) == 11.0);
  CHECK(block.values().size() == 8);
  const int rows = 2;
  const int cols = 6;
  const pe::matrix_view<const double> wide(values, rows, cols);  // int sizes, as the engine's API gives them
  CHECK(wide.at(1, 0) == 6.0);
}

#ifdef PE_CHECKS
namespace {

// Runs f in a child process and returns what it wrote to stderr, and whether it ended by SIGABRT.
template <typename F>
std::pair<std::string, bool> run_aborting(F f) {
  int pipe_ends[2];
  REQUIRE(pipe(pipe_ends) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    dup2(pipe_ends[1], STDERR_FILENO);
    close(pipe_ends[0]);
    f();
    _exit(0);
  }
  close(pipe_ends[1]);
  std::string err;
  char buffer[256];
  for (ssize_t got = 0; (got = read(pipe_ends[0], buffer, sizeof buffer)) > 0;) {
    err.append(buffer, static_cast<std::size_t>(got));
  }
  close(pipe_ends[0]);
  int status = 0;
  waitpid(child, &status, 0);
  return {err, WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT};
}

}  // namespace

TEST_CASE("a broken precondition aborts, naming its file, line, function and condition", "[view][checks]") {
  const auto [message, aborted] = run_aborting([] {
    std::vector<int> v(3);
    const pe::span<int> s(v);
    static_cast<void>(s[3]);
  });
  INFO(message);
  CHECK(aborted);
  CHECK(message.find("pe/view.hpp:") != std::string::npos);
  CHECK(message.find("precondition failed: i < size_") != std::string::npos);
  CHECK(message.find("operator[]") != std::string::npos);
  const auto [bad_shape, shape_aborted] = run_aborting([] {
    std::vector<float> v(10);
    static_cast<void>(pe::matrix_view<float>(v, 3, 4));
  });
  CHECK(shape_aborted);
  CHECK(bad_shape.find("values.size() == rows * cols") != std::string::npos);
}
#endif
